import { describe, expect, it } from 'vitest';
import { nextBatch, sentScan } from '../../src/web/workflows/scan/scan-batches';
import type { LoggedScan } from '../../src/web/workflows/scan/scan-log-types';
import { pickedLots, type Pick } from '../../src/web/workflows/scan/pick';
import { memoryScanStore } from '../../src/web/workflows/scan/scan-store';
import type { ScanLine } from '../../src/domain/scan-totals';
import { lineOfCode, withWaiting } from '../../src/web/workflows/scan/scan-totals';
import { sendFailure } from '../../src/web/workflows/scan/send-failure';

let made = 0;
const scanOf = (documentId: number, code = 'A', more: Partial<LoggedScan> = {}): LoggedScan => ({
  id: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
  document: 'inbounds',
  documentId,
  code,
  pieces: 1,
  at: new Date(made * 1000).toISOString(),
  countedHere: true,
  ...more,
});

const line = (skuId: number, barcode: string, expected: number, scanned = 0): ScanLine => ({
  skuId,
  skuTitle: `SKU ${skuId}`,
  barcode,
  expected,
  scanned,
  short: Math.max(expected - scanned, 0),
  over: Math.max(scanned - expected, 0),
});

/** Issue 41: the device's scan log, sent in order in batches, counted with the server's totals. */
describe('the scan log sent in batches', () => {
  it("takes the oldest scan's document, its scans in the order taken, at most a batch of them", () => {
    const log = [scanOf(1), scanOf(2), scanOf(1, 'B'), scanOf(1, 'C'), scanOf(2)];
    expect(nextBatch(log).map((s) => s.code)).toEqual(['A', 'B', 'C']);
    expect(nextBatch(log, 2)).toEqual([log[0], log[2]]);
    expect(nextBatch(log.slice(1))).toEqual([log[1], log[4]]);
    expect(nextBatch([])).toEqual([]);
  });

  it('keeps an outbound apart from the inbound with the same id', () => {
    const log = [scanOf(1), scanOf(1, 'L7', { document: 'outbounds' }), scanOf(1)];
    expect(nextBatch(log)).toEqual([log[0], log[2]]);
  });

  it('sends 1,200 waiting scans as 500, 500 and 200, none twice, none left out, in order', async () => {
    const store = memoryScanStore();
    const log = Array.from({ length: 1200 }, () => scanOf(3));
    for (const scan of log) await store.add(scan);
    const sent: LoggedScan[][] = [];
    for (let batch = nextBatch((await store.read()).waiting); batch.length;) {
      sent.push(batch);
      await store.settle(
        batch.map((s) => s.id),
        [],
      );
      batch = nextBatch((await store.read()).waiting);
    }
    expect(sent.map((b) => b.length)).toEqual([500, 500, 200]);
    expect(sent.flat()).toEqual(log);
    expect(await store.read()).toEqual({ waiting: [], tray: [] });
  });

  it('sends what the server reads of a scan, not the bookkeeping of the device', () => {
    const scan = scanOf(1, 'A', { pieces: 12 });
    expect(sentScan(scan)).toEqual({ id: scan.id, code: 'A', pieces: 12, at: scan.at });
  });

  it('lets the answered scans go and keeps the refused ones in the tray', async () => {
    const store = memoryScanStore();
    const [a, b, c] = [scanOf(1), scanOf(1), scanOf(1)];
    for (const scan of [a, b, c]) await store.add(scan);
    await store.settle([a.id, b.id], [{ ...b, message: 'no longer awaiting' }]);
    expect(await store.read()).toEqual({ waiting: [c], tray: [{ ...b, message: 'no longer awaiting' }] });
    await store.removeFromTray(b.id);
    expect((await store.read()).tray).toEqual([]);
  });
});

describe("the server's totals with the scans still waiting", () => {
  const lines = [line(1, 'A', 3, 1), line(2, 'B', 2, 2)];

  it('adds each waiting scan to the line of its barcode, with its pieces, and says short and over again', () => {
    const merged = withWaiting(lines, [scanOf(1, 'A'), scanOf(1, 'B'), scanOf(1, 'A', { pieces: 4 })]);
    expect(merged.map((l) => [l.skuId, l.scanned, l.short, l.over])).toEqual([
      [1, 6, 0, 3],
      [2, 3, 0, 1],
    ]);
  });

  it('adds nothing for a code on no line: the server refuses it', () => {
    expect(withWaiting(lines, [scanOf(1, 'LAMP')])).toEqual(lines);
  });

  it('does not add a scan the totals already counted (sent while they were read)', () => {
    const counted = scanOf(1, 'A');
    const merged = withWaiting(lines, [counted, scanOf(1, 'A')], new Set([counted.id]));
    expect(lineOfCode(merged, 'A')?.scanned).toBe(2);
  });
});

describe('a batch whose request failed', () => {
  it('waits for the network, the next sign-in, or a later try; a batch refused whole goes to the tray', () => {
    expect(sendFailure({ statusCode: 0, code: 0 })).toBe('offline');
    expect(sendFailure({ statusCode: 401, code: 40101 })).toBe('signedOut');
    expect(sendFailure({ statusCode: 200, code: 50014 })).toBe('signedOut');
    expect(sendFailure({ statusCode: 503, code: 50301 })).toBe('later');
    expect(sendFailure({ statusCode: 409, code: 40901 })).toBe('later');
    expect(sendFailure({ statusCode: 429, code: 42901 })).toBe('later');
    expect(sendFailure({})).toBe('later');
    expect(sendFailure({ statusCode: 404, code: 40401 })).toBe('refused');
    expect(sendFailure({ statusCode: 403, code: 40301 })).toBe('refused');
  });
});

describe('the lots picked', () => {
  const pick = (lineId: number, lotId: number, pieces: number): Pick => ({
    lineId,
    skuId: 1,
    skuTitle: 'Lamp',
    skuBarcode: null,
    lotId,
    lotCode: `L${lotId}`,
    inboundDate: '2026-11-01',
    pieces,
    pallets: 1,
  });
  const plan = [pick(1, 7, 4), pick(2, 7, 6), pick(2, 9, 5)];

  it('are the lots whose counted pieces, server and waiting together, reach what the plan takes of them', () => {
    expect(pickedLots(plan, [], [])).toEqual(new Set());
    expect(pickedLots(plan, [{ lotId: 7, pieces: 4 }], [])).toEqual(new Set());
    expect(pickedLots(plan, [{ lotId: 7, pieces: 4 }], [scanOf(1, 'L7', { pieces: 6 })])).toEqual(new Set([7]));
    expect(pickedLots(plan, [{ lotId: 9, pieces: 5 }], [scanOf(1, 'L7', { pieces: 10 })])).toEqual(new Set([7, 9]));
  });

  it('ignore a code naming no lot and a lot not in the plan', () => {
    expect(pickedLots(plan, [{ lotId: 3, pieces: 50 }], [scanOf(1, 'LAMP', { pieces: 99 })])).toEqual(new Set());
  });
});
