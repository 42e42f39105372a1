import { describe, expect, it } from 'vitest';
import { lineTotal, sumDecimals } from '../../src/domain/money';

describe('line totals (SPEC 5)', () => {
  it('price type 1: unit price x quantity', () => {
    expect(lineTotal('12.50', 4, 1)).toBe('50.00');
    expect(lineTotal(0.1, 3)).toBe('0.30');
  });

  it('other price types: unit price x quantity x the SKU quantity', () => {
    expect(lineTotal('2.5', 10, 2, 25)).toBe('625.00');
    expect(lineTotal('0.333', 3, 2, '1.5')).toBe('1.50');
  });

  it('rounds half up to 2 decimals and stays exact for large values', () => {
    expect(lineTotal('0.005', 1)).toBe('0.01');
    expect(lineTotal('99999999.99', 1000)).toBe('99999999990.00');
  });
});

describe('sums', () => {
  it('adds decimals exactly, never in floats', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.30');
    expect(sumDecimals(Array(10).fill('0.1'))).toBe('1.00');
    expect(sumDecimals(['-5.25', 2])).toBe('-3.25');
    expect(sumDecimals([])).toBe('0.00');
  });
});
