import { describe, expect, it } from 'vitest';
import { feeLinesProblems, periodsOverlap, segmentProblems } from '../../src/domain/finance/fee-model-rules';
import {
  countCharge,
  lotStorage,
  lotStorageByModel,
  minimumTopUp,
  palletSpans,
  sliceTotal,
} from '../../src/domain/finance/pricing';

/** Days 1-30 free, 31-60 at 1.20, 61+ at 1.80: the example bands. */
const bands = [
  { from: 1, to: 30, unitPrice: '0' },
  { from: 31, to: 60, unitPrice: '1.20' },
  { from: 61, to: null, unitPrice: '1.80' },
];

describe('storage by pallet-days of lots (issue 16 worked examples)', () => {
  it('10 pallets for 45 days, days 1-30 free, 31+ at 1.20: 10 x 15 x 1.20 = 180.00', () => {
    // Inbound 2026-01-01 is day 1; the period is those 45 days, 2026-01-01..2026-02-14.
    const slices = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 10, takes: [] },
      { from: '2026-01-01', to: '2026-02-14' },
      [
        { from: 1, to: 30, unitPrice: '0' },
        { from: 31, to: null, unitPrice: '1.20' },
      ],
    );
    expect(slices).toEqual([
      { segment: 0, pallets: 10, from: '2026-01-01', to: '2026-01-30', days: 30, unitPrice: '0', amount: '0.00' },
      { segment: 1, pallets: 10, from: '2026-01-31', to: '2026-02-14', days: 15, unitPrice: '1.20', amount: '180.00' },
    ]);
    expect(sliceTotal(slices)).toBe('180.00');
  });

  it('a lot leaving on day 40 is billed to that day: 10 x 10 x 1.20 = 120.00', () => {
    // Day 40 of a lot in on 2026-01-01 is 2026-02-09; the period runs on to 2026-02-28.
    const slices = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 10, takes: [{ date: '2026-02-09', pallets: 10 }] },
      { from: '2026-01-01', to: '2026-02-28' },
      bands,
    );
    expect(slices.filter((s) => s.segment === 1)).toEqual([
      { segment: 1, pallets: 10, from: '2026-01-31', to: '2026-02-09', days: 10, unitPrice: '1.20', amount: '120.00' },
    ]);
    expect(sliceTotal(slices)).toBe('120.00');
  });

  it('part of a lot leaving: 4 of 10 pallets out on day 40, 6 stay to day 45', () => {
    // Days 31-40 at 10 pallets = 100 pallet-days, days 41-45 at 6 = 30: 130 x 1.20 = 156.00.
    const slices = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 10, takes: [{ date: '2026-02-09', pallets: 4 }] },
      { from: '2026-01-01', to: '2026-02-14' },
      bands,
    );
    expect(slices.filter((s) => s.segment === 1).map((s) => [s.pallets, s.days, s.amount])).toEqual([
      [10, 10, '120.00'],
      [6, 5, '36.00'],
    ]);
    expect(sliceTotal(slices)).toBe('156.00');
  });

  it('a period starting mid-life counts days from the inbound date, not the period start', () => {
    // In on 2026-01-01; February is days 32-59 of the lot: 28 days x 5 pallets x 1.20 = 168.00.
    const slices = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 5, takes: [] },
      { from: '2026-02-01', to: '2026-02-28' },
      bands,
    );
    expect(slices).toEqual([
      { segment: 1, pallets: 5, from: '2026-02-01', to: '2026-02-28', days: 28, unitPrice: '1.20', amount: '168.00' },
    ]);
    // March holds days 60-90: day 60 at 1.20 (6.00), days 61-90 at 1.80: 30 x 5 x 1.80 = 270.00.
    const march = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 5, takes: [] },
      { from: '2026-03-01', to: '2026-03-31' },
      bands,
    );
    expect(march.map((s) => [s.from, s.to, s.days, s.amount])).toEqual([
      ['2026-03-01', '2026-03-01', 1, '6.00'],
      ['2026-03-02', '2026-03-31', 30, '270.00'],
    ]);
    expect(sliceTotal(march)).toBe('276.00');
  });

  it('the segment boundary day belongs to the band that names it: day 30 free, day 31 charged', () => {
    // A period of exactly days 30 and 31 (2026-01-30, 2026-01-31) for 1 pallet: 0 + 1.20.
    const slices = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 1, takes: [] },
      { from: '2026-01-30', to: '2026-01-31' },
      bands,
    );
    expect(slices.map((s) => [s.segment, s.from, s.days, s.amount])).toEqual([
      [0, '2026-01-30', 1, '0.00'],
      [1, '2026-01-31', 1, '1.20'],
    ]);
    // Leaving on day 30 exactly: nothing charged.
    const out = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 3, takes: [{ date: '2026-01-30', pallets: 3 }] },
      { from: '2026-01-01', to: '2026-01-31' },
      bands,
    );
    expect(sliceTotal(out)).toBe('0.00');
  });

  it("a take of loose pieces (no pallet) does not cut the lot's run in two", () => {
    expect(
      palletSpans(
        { inboundDate: '2026-01-01', palletsIn: 4, takes: [{ date: '2026-01-10', pallets: 0 }] },
        '2026-01-31',
      ),
    ).toEqual([{ from: '2026-01-01', to: '2026-01-31', pallets: 4 }]);
  });

  it('a lot received after the period, or gone before it, costs nothing', () => {
    expect(
      lotStorage(
        { inboundDate: '2026-03-01', palletsIn: 9, takes: [] },
        { from: '2026-02-01', to: '2026-02-28' },
        bands,
      ),
    ).toEqual([]);
    expect(
      palletSpans(
        { inboundDate: '2025-11-01', palletsIn: 2, takes: [{ date: '2025-12-01', pallets: 2 }] },
        '2026-02-28',
      ),
    ).toEqual([{ from: '2025-11-01', to: '2025-12-01', pallets: 2 }]);
  });

  it('prices each day by the model valid that day when the prices change within the period', () => {
    // In on 2026-01-01 with 10 pallets; March holds days 60-90. The old model (days 1-30 free, 31+
    // at 1.20) prices March 1-10 (ages 60-69): 10 x 10 x 1.20 = 120.00. From 2026-03-11 a
    // new model charges 0.50 from day 1 of age (ages 70-90, 21 days): 10 x 21 x 0.50 = 105.00.
    // Together 225.00; the new model alone would have made it 10 x 31 x 0.50 = 155.00.
    const lot = { inboundDate: '2026-01-01', palletsIn: 10, takes: [] };
    const slices = lotStorageByModel(lot, [
      {
        from: '2026-03-01',
        to: '2026-03-10',
        segments: [
          { from: 1, to: 30, unitPrice: '0' },
          { from: 31, to: null, unitPrice: '1.20' },
        ],
      },
      { from: '2026-03-11', to: '2026-03-31', segments: [{ from: 1, to: null, unitPrice: '0.50' }] },
    ]);
    expect(slices.map((s) => [s.from, s.to, s.days, s.unitPrice, s.amount])).toEqual([
      ['2026-03-01', '2026-03-10', 10, '1.20', '120.00'],
      ['2026-03-11', '2026-03-31', 21, '0.50', '105.00'],
    ]);
    expect(sliceTotal(slices)).toBe('225.00');
  });

  it('sums exactly in decimals: 3 pallets x 7 days x 0.10 is 2.10, not 2.1000000000000005', () => {
    const slices = lotStorage(
      { inboundDate: '2026-01-01', palletsIn: 3, takes: [] },
      { from: '2026-01-01', to: '2026-01-07' },
      [{ from: 1, to: null, unitPrice: '0.10' }],
    );
    expect(sliceTotal(slices)).toBe('2.10');
  });
});

describe('event charges and the minimum', () => {
  it('prices an event by count bands: pallets 1-10 at 5.00, 11+ at 4.00; 14 pallets = 50 + 16 = 66.00', () => {
    expect(
      countCharge(
        [
          { from: 1, to: 10, unitPrice: '5.00' },
          { from: 11, to: null, unitPrice: '4.00' },
        ],
        14,
      ),
    ).toBe('66.00');
    expect(countCharge([{ from: 1, to: null, unitPrice: '350' }], 2)).toBe('700.00');
    expect(countCharge([{ from: 1, to: null, unitPrice: '350' }], 0)).toBe('0.00');
  });

  it('adds the minimum charge as the difference when the total falls short', () => {
    // Total 180.00, minimum 250.00: a line of 70.00.
    expect(minimumTopUp('180.00', '250.00')).toBe('70.00');
    // A quiet month: 2 pallets on days 31-35 (2 x 5 x 1.20 = 12.00) and 3.50 of handling make 15.50;
    // a minimum of 40.00 adds 24.50, so the bill comes to 40.00.
    const quiet = sliceTotal([
      ...lotStorage(
        { inboundDate: '2026-01-01', palletsIn: 2, takes: [] },
        { from: '2026-01-31', to: '2026-02-04' },
        bands,
      ),
      { amount: '3.50' },
    ]);
    expect(quiet).toBe('15.50');
    expect(minimumTopUp(quiet, '40.00')).toBe('24.50');
    expect(minimumTopUp('250.00', '250.00')).toBeNull();
    expect(minimumTopUp('300.10', '250')).toBeNull();
    expect(minimumTopUp('0.00', null)).toBeNull();
  });
});

describe('fee model rules', () => {
  it('accepts contiguous bands starting at 1 with only the last open', () => {
    expect(segmentProblems(bands, 'lines.0')).toEqual([]);
  });

  it('names overlapping, gapped, reversed and late-starting bands', () => {
    expect(
      segmentProblems(
        [
          { from: 1, to: 30, unitPrice: 0 },
          { from: 30, to: null, unitPrice: 1 },
        ],
        'lines.0',
      ),
    ).toEqual([{ field: 'lines.0.segments.1.from', key: 'finance.validation.segmentOverlap' }]);
    expect(
      segmentProblems(
        [
          { from: 1, to: 30, unitPrice: 0 },
          { from: 32, to: null, unitPrice: 1 },
        ],
        'lines.0',
      ),
    ).toEqual([{ field: 'lines.0.segments.1.from', key: 'finance.validation.segmentGap' }]);
    expect(segmentProblems([{ from: 2, to: 1, unitPrice: 0 }], 'lines.1')).toEqual([
      { field: 'lines.1.segments.0.to', key: 'finance.validation.segmentOrder' },
      { field: 'lines.1.segments.0.from', key: 'finance.validation.segmentStart' },
      { field: 'lines.1.segments.0.to', key: 'finance.validation.segmentOpenEnd' },
    ]);
    // Days 61+ after a closed last band would be stored for nothing: a gap at the end.
    expect(
      segmentProblems(
        [
          { from: 1, to: 30, unitPrice: 0 },
          { from: 31, to: 60, unitPrice: 1 },
        ],
        'lines.0',
      ),
    ).toEqual([{ field: 'lines.0.segments.1.to', key: 'finance.validation.segmentOpenEnd' }]);
    expect(
      segmentProblems(
        [
          { from: 1, to: null, unitPrice: 0 },
          { from: 31, to: null, unitPrice: 1 },
        ],
        'lines.0',
      )[0].key,
    ).toBe('finance.validation.segmentOverlap');
  });

  it('requires storage by pallet-day in day bands, and each sub type in its fee type once', () => {
    const storage = { feeType: 1, subType: 101, unit: 1, segmentType: 1, segments: bands };
    expect(
      feeLinesProblems([
        storage,
        { feeType: 2, subType: 201, unit: 2, segmentType: 2, segments: [{ from: 1, unitPrice: 350 }] },
      ]),
    ).toEqual([]);
    expect(feeLinesProblems([{ ...storage, unit: 3 }, storage, storage]).map((p) => p.field)).toEqual([
      'lines.0.unit',
      'lines.2.subType',
    ]);
    expect(
      feeLinesProblems([{ feeType: 2, subType: 101, unit: 1, segmentType: 1, segments: bands }]).map((p) => p.field),
    ).toEqual(['lines.0.subType']);
    // Units no event counts: unloading per order, transport per pallet.
    const once = [{ from: 1, unitPrice: 5 }];
    expect(
      feeLinesProblems([
        { feeType: 2, subType: 201, unit: 4, segmentType: 2, segments: once },
        { feeType: 4, subType: 402, unit: 3, segmentType: 2, segments: once },
        { feeType: 3, subType: 202, unit: 4, segmentType: 2, segments: once },
      ]).map((p) => p.field),
    ).toEqual(['lines.0.unit', 'lines.1.unit']);
  });

  it('finds overlapping validity periods, open ends included', () => {
    expect(periodsOverlap({ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-06-30', to: null })).toBe(true);
    expect(periodsOverlap({ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-07-01' })).toBe(false);
    expect(periodsOverlap({ from: '2026-01-01', to: null }, { from: '2025-01-01', to: '2025-12-31' })).toBe(false);
    expect(periodsOverlap({ from: '2026-01-01', to: null }, { from: '2027-01-01', to: null })).toBe(true);
  });
});
