import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Plan } from './customizations';

/**
 * What applying would do, before anything changes: the problems that stop it, the labels still
 * missing, then the migration (its SQL in order, the rows it touches, an estimate of the time).
 */
export const PlanView = ({ plan }: { plan: Plan }) => {
  const { t } = useTranslation();
  const missing = plan.missingLabels.map(
    (m) => `${m.field || t('customize.plan.recordType')}: ${t(`customize.languages.${m.language}`)}`,
  );
  return (
    <section aria-label={t('customize.plan.title')} data-testid="customize-plan">
      <Typography.Title level={5}>{t('customize.plan.title')}</Typography.Title>
      {plan.problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          message={t('customize.plan.problems')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {plan.problems.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 12 }}
        />
      ) : (
        <Alert type="success" showIcon message={t('customize.plan.ready')} style={{ marginBottom: 12 }} />
      )}
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('customize.plan.missingLabels')}
          description={missing.join(', ')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'rows', label: t('customize.plan.rowsAffected'), children: plan.rowsAffected },
          {
            key: 'time',
            label: t('customize.plan.estimate'),
            children: t('customize.plan.ms', { ms: plan.estimateMs }),
          },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Text strong>{t('customize.plan.sql')}</Typography.Text>
      {plan.sql.length ? (
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 24, fontFamily: 'monospace', fontSize: 12 }}>
          {plan.sql.map((statement, i) => (
            <li key={i} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', marginBottom: 4 }}>
              {statement}
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary">{t('customize.plan.noSql')}</Typography.Paragraph>
      )}
    </section>
  );
};
