import { describe, expect, it } from 'vitest';
import {
  countedWithWaiting,
  lineOfCountCode,
  mergeLines,
  type CountLine,
} from '../../src/web/workflows/scan/count-lines';
import type { LoggedScan } from '../../src/web/workflows/scan/scan-log-types';

const line = (id: number, lotId: number, counted: number | null = null): CountLine => ({
  id,
  lotId,
  skuId: 1,
  counted,
  recounted: false,
});
let made = 0;
const scan = (code: string, pieces = 1): LoggedScan => ({
  id: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
  document: 'counts',
  documentId: 1,
  code,
  pieces,
  at: new Date(made * 1000).toISOString(),
  countedHere: true,
});

/** Issue 42: a counter's phone adds its waiting scans to the count's lines, by the lots' labels. */
describe("a count's lines on the counter's phone", () => {
  const lines = [line(1, 70), line(2, 71, 5)];

  it('places a lot label on its line, and leaves a SKU barcode to the server', () => {
    expect(lineOfCountCode(lines, 'l71')).toBe(lines[1]);
    expect(lineOfCountCode(lines, 'L99')).toBeUndefined();
    expect(lineOfCountCode(lines, '4006381333931')).toBeUndefined();
  });

  it('adds the waiting scans to what the server counted, keeping the lines nothing waits for as they were', () => {
    const counted = scan('L71', 2);
    const merged = countedWithWaiting(
      lines,
      [scan('L70', 3), counted, scan('L70'), scan('BARCODE')],
      new Set([counted.id]),
    );
    expect(merged.map((l) => l.counted)).toEqual([4, 5]);
    expect(merged[1]).toBe(lines[1]);
  });

  it("takes the server's answered lines over the ones read before", () => {
    expect(mergeLines(lines, [line(2, 71, 9)]).map((l) => l.counted)).toEqual([null, 9]);
  });
});
