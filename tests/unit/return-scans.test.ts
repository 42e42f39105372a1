import { describe, expect, it } from 'vitest';
import { scannedByLine } from '../../src/web/workflows/returns/scanned-lines';

const line = (id: number, skuId: number, pieces: number) => ({ id, skuId, pieces, reason: 1 });

describe("a return's scanned pieces as its receive dialog starts them", () => {
  it('starts nothing from scans while none was counted', () => {
    expect(scannedByLine([line(1, 7, 3)], [{ skuId: 7, scanned: 0 }])).toBeUndefined();
  });

  it("shares a SKU's pieces over its lines in order, the last taking the rest; a SKU not scanned gets none", () => {
    const lines = [line(5, 7, 2), line(3, 7, 4), line(4, 8, 1)];
    expect(scannedByLine(lines, [{ skuId: 7, scanned: 9 }])).toEqual(
      new Map([
        [3, 4],
        [4, 0],
        [5, 5],
      ]),
    );
    expect(scannedByLine(lines, [{ skuId: 7, scanned: 3 }])?.get(5)).toBe(0);
  });
});
