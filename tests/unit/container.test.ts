import { describe, expect, it } from 'vitest';
import { containerCheckDigit, isValidContainerNo } from '../../src/domain/container';

describe('ISO 6346 container numbers', () => {
  it('computes the check digit of real container numbers', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    expect(containerCheckDigit('TOLU473478')).toBe(7);
  });

  it('accepts valid numbers in any case and spacing, refuses wrong digits and shapes', () => {
    for (const no of ['CSQU3054383', 'csqu 305438 3', 'MSKU9070323']) expect(isValidContainerNo(no)).toBe(true);
    for (const no of ['CSQU3054384', 'CSQX3054383', 'CSQU305438', 'C5QU3054383', ''])
      expect(isValidContainerNo(no)).toBe(false);
  });
});
