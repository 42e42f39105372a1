import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotIdOfCode } from '../../../domain/barcode';
import { http } from '../../providers/http';
import { scanId } from './device';
import { judgeScan, pickedLots, piecesPerLot, samePlan } from './pick';
import { picksOf } from './read-picks';
import { ScanDocumentFrame, useScanDocument } from './ScanDocument';
import { scanLog } from './scan-log';
import { ScanLogStatus } from './ScanLogStatus';
import { ScanWorkers } from './ScanWorkers';
import { totalsNow, useScanLines } from './use-scan-lines';
import { useScanLog } from './use-scan-log';

/**
 * Picking an order: the awaiting outbound's takes in the order its confirm takes them (first in
 * first out), each confirmed by scanning its lot's label; a wrong lot is refused naming the right
 * one. A pick scanned goes to the device's scan log and from there to the server, as in receiving,
 * so a dead spot, a reload or a second picker loses nothing; a lot is picked once the server (with
 * this device's scans still waiting) counts its pieces. Once all are picked the outbound is
 * confirmed, and the server checks the lots scanned are still the ones first in first out takes.
 */
export const PickPanel = ({ initial }: { initial?: number }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scan = useScanDocument('outbounds', initial, () => undefined);
  const { doc: outbound, say } = scan;
  const totals = useScanLines('outbounds', outbound?.id);
  const log = useScanLog('outbounds', outbound?.id);

  const plan = useQuery({
    queryKey: ['scan-picks', outbound?.id],
    enabled: Boolean(outbound),
    queryFn: () => picksOf(outbound!.id),
  });
  const picks = useMemo(() => plan.data?.rows ?? [], [plan.data]);
  const known = useMemo(() => new Set(totals.data?.known), [totals.data]);
  const picked = useMemo(
    () =>
      pickedLots(
        picks,
        totals.data?.lots ?? [],
        log.waiting.filter((s) => !known.has(s.id)),
      ),
    [picks, totals.data, log.waiting, known],
  );
  const done = picks.length > 0 && picks.every((p) => picked.has(p.lotId));

  /** The lots picked this instant, from the cache and the log themselves: a fast scanner outruns the render. */
  const pickedNow = () => {
    const now = totalsNow(queryClient, 'outbounds', outbound!.id);
    return now ? pickedLots(picks, now.totals.lots, now.waiting) : picked;
  };

  const onCode = async (code: string) => {
    if (!outbound) return scan.chooseByCode(code);
    const lotId = lotIdOfCode(code);
    const inPlan = picks.some((p) => p.lotId === lotId);
    const lot =
      lotId && !inPlan
        ? await http
            .get<{ skuId: number }>(`/inventory/lots/${lotId}`, { silent: true, notify: false })
            .catch(() => undefined)
        : undefined;
    const verdict = judgeScan(code, picks, pickedNow(), lot?.skuId);
    if (verdict.kind === 'notALot') return say('error', t('scan.notALot', { code }));
    if (verdict.kind === 'again') return say('warn', t('scan.alreadyPicked', { code: verdict.pick.lotCode }));
    if (verdict.kind === 'taken') {
      const { lotId, lotCode, skuTitle } = verdict.pick;
      const pieces = piecesPerLot(picks).get(lotId)!;
      const at = new Date().toISOString();
      const entry = { id: scanId(), document: 'outbounds' as const, documentId: outbound.id, code, pieces, at };
      scanLog.add({ ...entry, countedHere: true }).catch(() => say('error', t('scan.notSaved', { code })));
      return say('ok', `${lotCode} · ${skuTitle} · ${pieces}`);
    }
    const expected = verdict.expected;
    say(
      'error',
      t('scan.wrongLot', {
        code: code.toUpperCase(),
        expected: expected?.lotCode ?? '-',
        title: expected?.skuTitle ?? '-',
        date: expected?.inboundDate ?? '-',
      }),
    );
  };

  const startConfirm = async () => {
    const now = await picksOf(outbound!.id);
    if (!samePlan(now.rows, picks)) {
      queryClient.setQueryData(['scan-picks', outbound!.id], now);
      return say('warn', t('scan.planChanged'));
    }
    scan.setConfirming(true);
  };

  const open = picks.filter((p) => !picked.has(p.lotId)).length;
  return (
    <ScanDocumentFrame
      scan={scan}
      onCode={onCode}
      ready={done && log.waiting.length === 0}
      onStartConfirm={startConfirm}
      onConfirm={(actualDate) => http.post(`/inventory/outbounds/${outbound!.id}/confirm`, { actualDate })}
      status={<ScanLogStatus log={log} onScanAgain={(refused) => void onCode(refused.code)} />}
    >
      <ScanWorkers users={totals.data?.users} />
      <Typography.Text type="secondary" data-testid="scan-open">
        {done ? t('scan.allPicked') : t('scan.toScan', { count: open })}
      </Typography.Text>
      {picks.map((pick) => {
        const isPicked = picked.has(pick.lotId);
        return (
          <div
            key={`${pick.lineId}-${pick.lotId}`}
            data-testid={`scan-pick-${pick.lotCode}`}
            data-picked={isPicked}
            style={{ padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.06)', opacity: isPicked ? 0.6 : 1 }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography.Text strong style={{ fontSize: 18 }}>
                {isPicked && <CheckCircleFilled style={{ color: '#52c41a', marginRight: 6 }} />}
                {t('scan.lot')} {pick.lotCode}
              </Typography.Text>
              <Tag color={isPicked ? 'green' : 'blue'} style={{ fontSize: 16, padding: '2px 8px' }}>
                {t('scan.take')} {pick.pieces}
              </Tag>
            </div>
            <Typography.Text>{pick.skuTitle}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('scan.since')} {pick.inboundDate} · {t('scan.label.pallets')} {pick.pallets}
            </Typography.Text>
          </div>
        );
      })}
    </ScanDocumentFrame>
  );
};
