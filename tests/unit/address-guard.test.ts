import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateUrl } from '../../src/server/webhooks/address-guard';
import { sendWebhook } from '../../src/server/webhooks/send';

describe('the webhook address guard', () => {
  it('judges an IPv4 address inside an IPv6 one as that IPv4 address: mapped, NAT64 and 6to4', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:101::',
      '::1',
      '::',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    // The same prefixes around a public address reach that public host.
    for (const address of ['64:ff9b::808:808', '2002:808:808::', '2606:4700:4700::1111', '8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses NAT64 and 6to4 spellings of a private address at send, before any connection', async () => {
    for (const url of ['http://[64:ff9b::7f00:1]:9/hook', 'http://[2002:7f00:1::]:9/hook', 'http://[2002:a00:1::1]/'])
      expect((await sendWebhook(url, {}, '{}', false)).error, url).toMatch(/private or loopback/);
  });

  it('tells a private or local host from the URL alone, however it is spelled', () => {
    for (const host of ['localhost.', 'printer.local', 'router.home.arpa', 'metadata', 'metadata.google.internal.'])
      expect(isPrivateUrl(`https://${host}/hook`), host).toBe(true);
    for (const host of ['example.com', 'hooks.example.com:8443', '93.184.215.14', '[2606:4700:4700::1111]'])
      expect(isPrivateUrl(`https://${host}/hook`), host).toBe(false);
  });
});
