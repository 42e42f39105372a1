import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Conflict } from './customizations';
import { useConfirmedChange } from './use-confirmed-change';

const shown = (value: unknown) => JSON.stringify(value, null, 1);
const code = { fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * The overlay entries an upgrade set aside: a shipped field now has the name of an added one with
 * another shape. Both sides, and the way out: remove the added one (its data kept), leaving the
 * shipped field in force.
 */
export const ConflictsAlert = ({ conflicts }: { conflicts: Conflict[] }) => {
  const { t } = useTranslation();
  const { start, isStarting, dialog } = useConfirmedChange();
  if (!conflicts.length) return null;
  const where = (c: Conflict) => ({
    resource: t(`${c.resource}.titles.list`, { defaultValue: c.resource }),
    field: c.field,
  });
  const resolve = (c: Conflict) => {
    const request = { resource: c.resource, changes: [{ op: 'removeField' as const, name: c.field }] };
    const title = t('customize.conflicts.resolve', where(c));
    return (
      <Button size="small" loading={isStarting(request)} onClick={() => start(title, request)} aria-label={title}>
        {t('customize.conflicts.keepShipped')}
      </Button>
    );
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="customize-conflicts"
      message={t('customize.conflicts.title', { n: conflicts.length })}
      description={
        <>
          <p style={{ marginTop: 0 }}>{t('customize.conflicts.hint')}</p>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {conflicts.map((c) => (
              <li key={`${c.resource}.${c.field}`} style={{ marginBottom: 8 }}>
                <strong>{t('customize.conflicts.field', where(c))}</strong>
                <div>{t('customize.conflicts.shipped')}</div>
                <div style={code}>{shown(c.shipped)}</div>
                <div>{t('customize.conflicts.custom')}</div>
                <div style={code}>{shown(c.custom)}</div>
                {!c.custom.removed && resolve(c)}
              </li>
            ))}
          </ul>
          {dialog}
        </>
      }
    />
  );
};
