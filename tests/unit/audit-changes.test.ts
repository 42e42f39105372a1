import { translators } from '../helpers/translators';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { actionLabelKeys } from '../../src/domain/action-labels';
import { loadLocales } from '../../src/server/i18n';
import { changedFields } from '../../src/web/engine/changes';
import { actionLabel, changesText, resourceTitle } from '../../src/web/engine/row-resource';

let translate: Awaited<ReturnType<typeof translators>>;
beforeAll(async () => {
  translate = await translators(['en', 'zh']);
});

describe("an audit row's before and after as the changed fields", () => {
  it('names each changed field by its label and its values by their enum labels', () => {
    const bills = resourceByName('bills');
    const rows = changedFields(bills, ['{"status": 3, "total": 120.5}', '{"status": 6, "total": 120.5}'], translate.en);
    expect(rows).toEqual([{ field: 'status', label: 'Status', values: ['Issued', 'Paid'] }]);
    const zh = changedFields(bills, ['{"status": 3}', '{"status": 6}'], translate.zh);
    expect(zh[0].label).toBe('状态');
    expect(zh[0].values).not.toContain('6');
  });

  it('leaves out what an edit did not change, keeps schema order and blanks a side without the field', () => {
    const ports = resourceByName('ports');
    const before = { code: 'CNSHA', nameEn: 'Shanghai', status: 1, remark: 'old' };
    const after = { ...before, status: 0, remark: 'new', displayOrder: 3 };
    expect(changedFields(ports, [before, after], translate.en).map((r) => [r.field, r.values])).toEqual([
      ['displayOrder', ['', '3']],
      ['status', ['Valid', 'Invalid']],
      ['remark', ['old', 'new']],
    ]);
    // A record created has no before: every field it was given, after only.
    expect(changedFields(ports, [null, '{"code":"CNNGB"}'], translate.en)).toEqual([
      { field: 'code', label: 'Code', values: ['', 'CNNGB'] },
    ]);
  });

  it('shows what a list lost and gained rather than both lists (a role granted one more button)', () => {
    const rows = changedFields(resourceByName('roles'), ['["a", "b"]', '["a", "b", "c"]'], translate.en);
    expect(rows).toEqual([{ field: '', label: 'Entries', values: ['', 'c'] }]);
  });

  it('labels a workflow note the resource does not declare, and uses lookups by name when known', () => {
    const rows = changedFields(
      resourceByName('shipments'),
      [undefined, { inboundId: 7 }],
      translate.en,
      (field, value) => (field === 'inboundId' && value === 7 ? 'IN20261126-0001' : undefined),
    );
    expect(rows).toEqual([{ field: 'inboundId', label: 'Inbound order', values: ['', 'IN20261126-0001'] }]);
  });

  it('writes one side as text for an export cell', () => {
    const audit = resourceByName('auditLogs')!;
    const row = { entity: 'bills', before: '{"status": 0}', after: '{"status": 3, "total": 10}' };
    expect(changesText(audit, 'before', row, translate.en)).toBe('Status: Draft');
    expect(changesText(audit, 'after', row, translate.en)).toMatch(/^Status: Issued; Total: 10/);
  });
});

describe('names of resources and actions in the audit trail', () => {
  it("gives an entity its list's title and an action its button's words", () => {
    expect(resourceTitle('feeModels', translate.en)).toBe('Fee models');
    expect(resourceTitle('feeModels', translate.zh)).toBe('计费模型');
    expect(actionLabel(resourceByName('bills'), 'issue', translate.en)).toBe('Issue');
    expect(actionLabel(resourceByName('bills'), 'cancel', translate.en)).toBe('Cancel bill');
    expect(actionLabel(resourceByName('orders'), 'cancel', translate.en)).toBe('Cancel order');
    expect(actionLabel(resourceByName('deliveries'), 'sign', translate.en)).toBe('Sign for');
    // A row written while the action was still called complete reads as the action.
    expect(actionLabel(resourceByName('deliveries'), 'complete', translate.en)).toBe('Sign for');
    expect(actionLabel(resourceByName('orders'), 'complete', translate.en)).toBe('Complete');
    expect(actionLabel(resourceByName('countries'), 'edit', translate.zh)).toBe('编辑');
    expect(actionLabel(resourceByName('roles'), 'grant', translate.zh)).toBe('授予页面和按钮');
  });

  it('finds words for every workflow action and every audited step in all languages', () => {
    const locales = loadLocales(join(__dirname, '../../locales'));
    const has = (tree: unknown, key: string) =>
      typeof key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree) ===
      'string';
    const steps: [string, string][] = [
      ['orders', 'ship'],
      ['orders', 'checkout'],
      ['bills', 'generate'],
      ['roles', 'grant'],
      ['users', 'organizations'],
    ];
    for (const lang of ['en', 'zh', 'es', 'ja'] as const)
      for (const def of ['inbounds', 'outbounds', 'orders', 'deliveries', 'bills', 'expenses', 'shipments'].map((n) =>
        resourceByName(n)!,
      ))
        for (const [name, action] of [...def.workflow!.actions.map((a) => [def.name, a]), ...steps])
          expect(
            actionLabelKeys(resourceByName(name), action).some((k) => has(locales[lang], k)),
            `${lang} ${name}.${action}`,
          ).toBe(true);
  });
});
