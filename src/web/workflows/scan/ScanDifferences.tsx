import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScanLine } from '../../../domain/scan-totals';

/**
 * Before an inbound is confirmed as scanned: the lines whose count differs from the announced
 * pieces, short or over, or that every line is as expected.
 */
export const ScanDifferences = ({ lines }: { lines: ScanLine[] }) => {
  const { t } = useTranslation();
  const differing = lines.filter((l) => l.short || l.over);
  if (!differing.length)
    return <Alert type="success" showIcon message={t('scan.asExpected')} style={{ marginBottom: 12 }} />;
  return (
    <div style={{ marginBottom: 12 }} data-testid="scan-differences">
      <Typography.Paragraph>{t('scan.asScanned')}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={differing}
        rowKey="skuId"
        renderItem={(line) => {
          const values = {
            title: line.skuTitle ?? line.skuId,
            scanned: line.scanned,
            expected: line.expected,
            count: line.short || line.over,
          };
          return (
            <List.Item>
              <Typography.Text type={line.over ? 'danger' : undefined}>
                {t(line.over ? 'scan.overLine' : 'scan.shortLine', values)}
              </Typography.Text>
            </List.Item>
          );
        }}
      />
    </div>
  );
};
