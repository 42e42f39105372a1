import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addedResource } from '../../resources/overlay';
import { resourceByName } from '../../resources';
import { fieldLabel } from '../../src/web/engine/fields';
import { loadLocales } from '../../src/server/i18n';

const locales = loadLocales(join(__dirname, '../../locales'));
const tOf = async (lng: 'en' | 'zh') => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: locales[lng] } } });
  return i18n.t;
};

describe("the label of a tenant record type's organization", () => {
  // An admin's added record type has no label file: its organization is named as the product names one.
  const checks = addedResource('palletChecks', {
    fields: [{ name: 'note', type: 'text', labels: { en: 'Note' } }],
    added: { labels: { en: 'Pallet checks' }, organizationOwned: true },
  });

  it('reads "Organization" in the user\'s language where the resource names none', async () => {
    expect(checks.tenant).toBe('organizationId');
    expect(fieldLabel(checks, 'organizationId', await tOf('en'))).toBe('Organization');
    expect(fieldLabel(checks, 'organizationId', await tOf('zh'))).toBe('客户');
  });

  it("keeps a resource's own name for it", async () => {
    const apiKeys = resourceByName('apiKeys')!;
    expect(fieldLabel(apiKeys, 'organizationId', await tOf('zh'))).toBe('客户');
    expect(fieldLabel(resourceByName('bills')!, 'organizationId', await tOf('en'))).toBe('Organization');
  });
});
