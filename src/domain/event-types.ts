/**
 * What events are called. The outbox's type of an audited change (`eventType`) is what the live
 * screens carry and what webhooks were first published with: `<resource>.created|updated|deleted`
 * for a record written through the engine, `<record, singular>.<participle>` for a workflow action
 * (`inbound.confirmed`, issue 26, pinned). Webhooks publish every event by that second rule alone
 * (`eventName`): the pinned workflow names stay as they are, and a record's own changes are named
 * like its actions (`inbound.created` beside `inbound.confirmed`, not `inbounds.created`), as the
 * Standard Webhooks examples (`user.created`, `invoice.paid`) are. Where the two differ the outbox's
 * type is the deprecated name webhooks keep sending to whoever subscribed to it (webhook-events.ts).
 * A delivery's signing is `delivery.signed`, the moment customers wait for: the name subscribers
 * have received since the action was still called `complete` (an override then, what the rule
 * gives now that the action is `sign`), kept so no subscription misses it.
 */

const CRUD: Record<string, string> = {
  create: 'created',
  generate: 'created',
  edit: 'updated',
  delete: 'deleted',
};

const PARTICIPLE: Record<string, string> = {
  submit: 'submitted',
  withdraw: 'withdrawn',
  cancel: 'cancelled',
  ship: 'shipped',
  // Scans of a stock document recorded (issue 41).
  scan: 'scanned',
  pay: 'paid',
  copy: 'copied',
  resend: 'resent',
  rotateSecret: 'secretRotated',
  // A proof of delivery attached to an outbound or delivery.
  pod: 'proofAttached',
  // A shipment turned into its inbound.
  inbound: 'received',
};

/** Participles the outbox got wrong and webhooks publish mended; the outbox keeps its word, now deprecated. */
const MENDED: Record<string, string> = { checkout: 'checkedOut' };

/** English plural to singular for our resource names (deliveries, addresses, taxes, goods). */
const singular = (word: string) => {
  if (/(goods|inventory)$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
};

const participle = (action: string) => PARTICIPLE[action] ?? (action.endsWith('e') ? `${action}d` : `${action}ed`);

/**
 * The outbox's type of an audited action on a record of `resource`; `happened` is what its
 * declaration says the event is called where the participle would not say it (a return's submit:
 * `requested`), first published so, hence one name for both.
 */
export function eventType(resource: string, action: string, happened?: string): string {
  const crud = CRUD[action];
  if (crud) return `${resource}.${crud}`;
  return `${singular(resource)}.${happened ?? participle(action)}`;
}

/** The name webhooks publish that event under: `<record, singular>.<what happened to it>`. */
export function eventName(resource: string, action: string, happened?: string): string {
  return `${singular(resource)}.${CRUD[action] ?? MENDED[action] ?? happened ?? participle(action)}`;
}
