import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret as Standard Webhooks writes them: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

const sign = (secret: string, signed: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(PREFIX.length), 'base64'))
    .update(signed)
    .digest('base64')}`;

/**
 * The Standard Webhooks headers of one message. While a rotated-out secret is still honoured, the
 * signature list carries both, so a receiver verifies with whichever it has.
 */
export function signedHeaders(messageId: string, at: Date, body: string, secrets: string[]): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((s) => sign(s, `${messageId}.${timestamp}.${body}`)).join(' '),
  };
}
