import { memo, useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources/index';
import type { ScanLine } from '../../../domain/scan-totals';
import { http } from '../../providers/http';
import ReturnReceiveDialog from '../returns/ReturnReceiveDialog';
import { scanId } from './device';
import { skuOfBarcode } from './receive';
import { ScanDifferences } from './ScanDifferences';
import { ScanDocumentFrame, useScanDocument } from './ScanDocument';
import { scanLog } from './scan-log';
import type { LoggedScan } from './scan-log-types';
import { lineOfCode, withWaiting } from './scan-totals';
import { PiecesPerScan } from './PiecesPerScan';
import { ScanLogStatus } from './ScanLogStatus';
import { ScanWorkers } from './ScanWorkers';
import { countsNow, useScanLines } from './use-scan-lines';
import { useScanLog } from './use-scan-log';

/** One SKU's expected and scanned pieces: drawn again only when its own figures change. */
const ReceiveLine = memo(({ line }: { line: ScanLine }) => {
  const { t } = useTranslation();
  return (
    <div
      data-testid={`scan-line-${line.skuId}`}
      data-scanned={line.scanned}
      style={{ padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}
    >
      <Typography.Text strong>{line.skuTitle ?? line.skuId}</Typography.Text>
      <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 8, marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ flex: 1, minWidth: 0 }}>
          {line.barcode ?? '-'} · {t('scan.expected')} {line.expected}
        </Typography.Text>
        <Typography.Text
          strong
          type={line.over ? 'danger' : line.short ? undefined : 'success'}
          style={{ fontSize: 22, whiteSpace: 'nowrap' }}
        >
          {t('scan.scanned')} {line.scanned}
        </Typography.Text>
      </div>
    </div>
  );
});

/** What the screen says of a code on no line, and how it asks for scans, on an inbound or a return. */
const WORDS = {
  inbounds: { notOnLines: 'scan.notOnLines', notOn: 'scan.notOnInbound', scanTo: 'scan.scanToReceive' },
  returns: { notOnLines: 'scan.notOnReturnLines', notOn: 'scan.notOnReturn', scanTo: 'scan.scanToReceiveReturn' },
};

/**
 * Receiving a container: choose (or scan) the awaiting inbound and scan each carton's SKU barcode.
 * Each scan goes to the device's scan log and from there to the server, which counts it once
 * however often it is sent; the screen shows the server's totals (other phones' scans included)
 * with this device's scans it has not answered yet. The confirm receives the inbound as scanned.
 * An approved return's goods are received alike (issue 42), in its receive dialog, which starts
 * each line's restocked pieces from those scanned.
 */
export const ReceivePanel = ({ initial, kind = 'inbounds' }: { initial?: number; kind?: 'inbounds' | 'returns' }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scan = useScanDocument(kind, initial, () => undefined);
  const { doc, say, amend } = scan;
  const totals = useScanLines(kind, doc?.id);
  const log = useScanLog(kind, doc?.id);
  const words = WORDS[kind];
  const rows = useMemo(
    () => withWaiting(totals.data?.lines ?? [], log.waiting, new Set(totals.data?.known)),
    [totals.data, log.waiting],
  );
  const counted = rows.some((l) => l.scanned > 0);
  /** A carton of several pieces, or a count typed by hand, is one scan of that many. */
  const [perScan, setPerScan] = useState(1);

  /** Logs a scan and tells at once what it did, against the counts as they stand this instant. */
  const record = (code: string, pieces = 1) => {
    const { id: docId, orderNo, organizationId } = doc!;
    const counts = countsNow(queryClient, kind, docId);
    const line = counts && lineOfCode(counts, code);
    const entry: LoggedScan = {
      id: scanId(),
      document: kind,
      documentId: docId,
      code,
      pieces,
      at: new Date().toISOString(),
      // Before the lines are read the server alone can tell: a refusal then goes to the tray.
      countedHere: line !== undefined || counts === undefined,
    };
    scanLog.add(entry).catch(() => say('error', t('scan.notSaved', { code })));
    if (!counts) return say('warn', t('scan.unchecked', { code }));
    if (line) {
      const values = { title: line.skuTitle ?? code, scanned: line.scanned + pieces, expected: line.expected };
      return values.scanned > line.expected
        ? say('warn', t('scan.overExpected', values))
        : say('ok', t('scan.counted', values));
    }
    // Refused at once; which product it is, when the server can say, follows.
    const said = say('error', t(words.notOnLines, { code, orderNo }));
    void skuOfBarcode(organizationId, code)
      .then((sku) => amend(said, sku ? t(words.notOn, { title: sku.title, orderNo }) : t('scan.unknownSku', { code })))
      .catch(() => undefined);
  };

  const onCode = async (code: string) => (doc ? record(code, perScan) : scan.chooseByCode(code));

  return (
    <ScanDocumentFrame
      scan={scan}
      onCode={onCode}
      ready={counted && log.waiting.length === 0}
      onStartConfirm={() => scan.setConfirming(true)}
      // An inbound's confirm on the day its dialog asked; a return's is its own dialog below.
      onConfirm={(inboundDate) => http.post(`/inventory/inbounds/${doc!.id}/confirm`, { inboundDate })}
      confirmSummary={<ScanDifferences lines={rows} />}
      status={<ScanLogStatus log={log} onScanAgain={(refused) => record(refused.code, refused.pieces)} />}
      dialog={
        scan.confirming &&
        doc && (
          <ReturnReceiveDialog
            def={resourceByName('returns')!}
            record={doc}
            action="receive"
            run={async (body) => {
              await http.post(`/inventory/returns/${doc.id}/receive`, body);
              await scan.confirmed();
            }}
            onClose={() => scan.setConfirming(false)}
          />
        )
      }
    >
      <PiecesPerScan value={perScan} onChange={setPerScan} />
      <ScanWorkers users={totals.data?.users} />
      {rows.map((line) => (
        <ReceiveLine key={line.skuId} line={line} />
      ))}
      {!counted && rows.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t(words.scanTo)}
        </Typography.Paragraph>
      )}
    </ScanDocumentFrame>
  );
};
