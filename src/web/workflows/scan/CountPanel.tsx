import { memo, useMemo, useState } from 'react';
import { Button, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotCode } from '../../../domain/barcode';
import { http } from '../../providers/http';
import { countedWithWaiting, lineOfCountCode, type CountLine } from './count-lines';
import { scanId } from './device';
import { ScanDocumentFrame, useScanDocument } from './ScanDocument';
import { scanLog } from './scan-log';
import { PiecesPerScan } from './PiecesPerScan';
import { ScanLogStatus } from './ScanLogStatus';
import { countLinesNow, useCountLines } from './use-count-lines';
import { useScanLog } from './use-scan-log';

/**
 * One lot to count: its label, its SKU, the pieces counted so far and a field to type them (a
 * recount types over them). Never the pieces expected: the count is blind.
 */
const CountRow = memo(
  ({
    line,
    title,
    onType,
  }: {
    line: CountLine;
    title: string;
    onType: (line: CountLine, counted: number) => unknown;
  }) => {
    const { t } = useTranslation();
    const [typed, setTyped] = useState<number | null>(null);
    return (
      <div
        data-testid={`count-line-${line.lotId}`}
        data-counted={line.counted ?? ''}
        style={{ padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {t('scan.lot')} {lotCode(line.lotId)}
          </Typography.Text>
          <Typography.Text strong type={line.counted === null ? 'secondary' : 'success'} style={{ fontSize: 20 }}>
            {line.counted === null ? t('scan.notCounted') : t('scan.countedPieces', { count: line.counted })}
          </Typography.Text>
        </div>
        <Typography.Text>{title}</Typography.Text>
        {line.recounted && <Tag style={{ marginLeft: 8 }}>{t('scan.recount')}</Tag>}
        <Space.Compact style={{ display: 'flex', marginTop: 6 }}>
          <InputNumber
            min={0}
            max={10_000_000}
            precision={0}
            value={typed}
            onChange={setTyped}
            placeholder={t('scan.typeCount')}
            aria-label={t('scan.typeCountOf', { lot: lotCode(line.lotId) })}
            data-testid={`count-type-${line.lotId}`}
            style={{ flex: 1 }}
          />
          <Button
            disabled={typed === null}
            onClick={async () => {
              await onType(line, typed!);
              setTyped(null);
            }}
            data-testid={`count-set-${line.lotId}`}
          >
            {t('scan.setCount')}
          </Button>
        </Space.Compact>
      </div>
    );
  },
);

/**
 * Counting a warehouse's lots blind (issue 42): choose (or scan) a count being counted, then scan
 * each lot's label (a carton of several pieces is one scan of that many) or type what a lot holds.
 * Scans go to the device's scan log and from there to the server, as in receiving, so a dead spot
 * or a reload loses nothing and two counters count one count together; typing sets a line outright.
 * When all is counted the count is submitted for a supervisor to compare and approve.
 */
export const CountPanel = ({ initial }: { initial?: number }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scan = useScanDocument('counts', initial, () => undefined);
  const { doc: count, say } = scan;
  const read = useCountLines(count?.id);
  const log = useScanLog('counts', count?.id);
  const [perScan, setPerScan] = useState(1);
  const lines = useMemo(
    () => countedWithWaiting(read.data?.lines ?? [], log.waiting, new Set(read.data?.known)),
    [read.data, log.waiting],
  );
  const titles = read.data?.titles ?? {};
  // Lines beyond those read are taken as still to count: the phone never says a count is whole when it cannot know.
  const unread = Math.max((read.data?.total ?? 0) - lines.length, 0);
  const open = lines.filter((line) => line.counted === null).length + unread;

  /** Logs a scan and tells at once what it counted, against the lines as they stand this instant. */
  const record = (code: string, pieces: number) => {
    const now = countLinesNow(queryClient, count!.id);
    const line = now && lineOfCountCode(now, code);
    scanLog
      .add({
        id: scanId(),
        document: 'counts',
        documentId: count!.id,
        code,
        pieces,
        at: new Date().toISOString(),
        // A SKU's barcode, or a lot beyond the lines read, the server alone can place.
        countedHere: line !== undefined,
      })
      .catch(() => say('error', t('scan.notSaved', { code })));
    if (!line) return say('warn', t('scan.countUnchecked', { code }));
    say('ok', t('scan.lotCounted', { lot: lotCode(line.lotId), count: (line.counted ?? 0) + pieces }));
  };

  const onType = async (line: CountLine, counted: number) => {
    const answer = await http.patch<CountLine>(`/inventory/counts/${count!.id}/lines/${line.id}`, { counted });
    read.typed(answer);
    say('ok', t('scan.lotCounted', { lot: lotCode(line.lotId), count: counted }));
  };

  const submit = async () => {
    await http.post(`/inventory/counts/${count!.id}/submit`, {});
    await scan.confirmed();
  };

  return (
    <ScanDocumentFrame
      scan={scan}
      onCode={async (code) => (count ? record(code, perScan) : scan.chooseByCode(code))}
      ready={lines.some((line) => line.counted !== null) && log.waiting.length === 0}
      onStartConfirm={() => scan.setConfirming(true)}
      onConfirm={submit}
      status={<ScanLogStatus log={log} onScanAgain={(refused) => record(refused.code, refused.pieces)} />}
      dialog={
        count && (
          <Modal
            open={scan.confirming}
            title={t('scan.submitCountPrompt', { orderNo: count.orderNo })}
            okText={t('scan.submitCount')}
            onOk={submit}
            onCancel={() => scan.setConfirming(false)}
          >
            {open > 0 && <Typography.Paragraph>{t('scan.notAllCounted', { count: open })}</Typography.Paragraph>}
          </Modal>
        )
      }
    >
      <PiecesPerScan value={perScan} onChange={setPerScan} />
      {lines.length > 0 && (
        <Typography.Text type="secondary" data-testid="count-open">
          {open ? t('scan.toCount', { count: open, total: read.data?.total ?? lines.length }) : t('scan.allCounted')}
        </Typography.Text>
      )}
      {lines.map((line) => (
        <CountRow key={line.id} line={line} title={titles[line.skuId] ?? String(line.skuId)} onType={onType} />
      ))}
    </ScanDocumentFrame>
  );
};
