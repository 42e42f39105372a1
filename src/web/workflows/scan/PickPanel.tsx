import { useState } from 'react';
import { Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotIdOfCode } from '../../../domain/barcode';
import { http } from '../../providers/http';
import { judgeScan, picksOf, samePlan } from './pick';
import { ScanDocumentFrame, useScanDocument } from './ScanDocument';

/**
 * Picking an order: the awaiting outbound's takes in the order its confirm takes them (first in
 * first out), each confirmed by scanning its lot's label; a wrong lot is refused naming the right
 * one. Once all are scanned the outbound is confirmed through its own confirm, after checking that
 * no other outbound has taken from these lots in the meantime.
 */
export const PickPanel = ({ initial }: { initial?: number }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const scan = useScanDocument('outbounds', initial, () => setPicked(new Set()));
  const { doc: outbound, say } = scan;

  const plan = useQuery({
    queryKey: ['scan-picks', outbound?.id],
    enabled: Boolean(outbound),
    queryFn: () => picksOf(outbound!.id),
  });
  const picks = plan.data?.rows ?? [];
  const done = picks.length > 0 && picks.every((p) => picked.has(p.lotId));

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
    const verdict = judgeScan(code, picks, picked, lot?.skuId);
    if (verdict.kind === 'notALot') return say('error', t('scan.notALot', { code }));
    if (verdict.kind === 'again') return say('warn', t('scan.alreadyPicked', { code: verdict.pick.lotCode }));
    if (verdict.kind === 'taken') {
      setPicked((s) => new Set(s).add(verdict.pick.lotId));
      return say('ok', `${verdict.pick.lotCode} · ${verdict.pick.skuTitle} · ${verdict.pick.pieces}`);
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
      setPicked((s) => new Set([...s].filter((id) => now.rows.some((p) => p.lotId === id))));
      return say('warn', t('scan.planChanged'));
    }
    scan.setConfirming(true);
  };

  const open = picks.filter((p) => !picked.has(p.lotId)).length;
  return (
    <ScanDocumentFrame
      scan={scan}
      onCode={onCode}
      ready={done}
      onStartConfirm={startConfirm}
      onConfirm={(actualDate) =>
        http.post(`/inventory/outbounds/${outbound!.id}/confirm`, {
          actualDate,
          takes: picks.map((p) => ({ lotId: p.lotId, pieces: p.pieces })),
        })
      }
    >
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
