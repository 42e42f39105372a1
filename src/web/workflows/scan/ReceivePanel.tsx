import { useState } from 'react';
import { Alert, InputNumber, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../providers/http';
import { receiveLines, skuOfBarcode, type ReceiveLine } from './receive';
import { ScanDocumentFrame, useScanDocument } from './ScanDocument';

/**
 * Receiving a container: choose (or scan) the awaiting inbound, scan each carton's SKU barcode,
 * and confirm through the inbound's own confirm once every line's count is what it expects. The
 * counts live on this screen only; the confirm writes the inbound's lines as planned, in one
 * transaction with its usual rules, so the stock is exactly the desktop workflow's.
 */
export const ReceivePanel = ({ initial }: { initial?: number }) => {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<Record<number, number>>({});
  const scan = useScanDocument('inbounds', initial, () => setCounts({}));
  const { doc: inbound, say } = scan;

  const lines = useQuery({
    queryKey: ['scan-receive-lines', inbound?.id],
    enabled: Boolean(inbound),
    queryFn: () => receiveLines(inbound!.id),
  });
  const rows: ReceiveLine[] = (lines.data ?? []).map((l) => ({ ...l, scanned: counts[l.skuId] ?? 0 }));
  const complete = rows.length > 0 && rows.every((l) => l.scanned === l.expected);

  const setCount = (line: ReceiveLine, scanned: number) => {
    setCounts((c) => ({ ...c, [line.skuId]: scanned }));
    const text = t('scan.counted', { title: line.title, scanned, expected: line.expected });
    if (scanned > line.expected)
      say('warn', t('scan.overExpected', { title: line.title, scanned, expected: line.expected }));
    else say('ok', text);
  };

  const onCode = async (code: string) => {
    if (!inbound) return scan.chooseByCode(code);
    const line = rows.find((l) => l.barcode === code);
    if (line) return setCount(line, line.scanned + 1);
    const sku = await skuOfBarcode(inbound.organizationId, code).catch(() => undefined);
    say(
      'error',
      sku ? t('scan.notOnInbound', { title: sku.title, orderNo: inbound.orderNo }) : t('scan.unknownSku', { code }),
    );
  };

  return (
    <ScanDocumentFrame
      scan={scan}
      onCode={onCode}
      ready={complete}
      onStartConfirm={() => scan.setConfirming(true)}
      onConfirm={(inboundDate) => http.post(`/inventory/inbounds/${inbound!.id}/confirm`, { inboundDate })}
    >
      {rows.map((line) => (
        <div
          key={line.skuId}
          data-testid={`scan-line-${line.skuId}`}
          data-scanned={line.scanned}
          style={{ padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}
        >
          <Typography.Text strong>{line.title}</Typography.Text>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginTop: 4 }}>
            <Typography.Text type="secondary" style={{ flex: 1, minWidth: 0 }}>
              {line.barcode ?? '-'} · {t('scan.expected')} {line.expected}
            </Typography.Text>
            <Space>
              <Typography.Text
                type={line.scanned > line.expected ? 'danger' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {t('scan.scanned')}
              </Typography.Text>
              <InputNumber
                size="large"
                min={0}
                precision={0}
                value={line.scanned}
                aria-label={t('scan.count', { title: line.title })}
                onChange={(v) => setCount(line, Number(v ?? 0))}
                style={{ width: 96 }}
              />
            </Space>
          </div>
        </div>
      ))}
      {!complete && rows.length > 0 && <Alert type="info" message={t('scan.mismatch')} style={{ marginTop: 8 }} />}
    </ScanDocumentFrame>
  );
};
