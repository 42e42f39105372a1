import { describe, expect, it } from 'vitest';
import { inbounds } from '../../resources/inbounds';
import { partners } from '../../resources/partners';
import { isEditable } from '../../src/domain/resource';
import { canTransition, daysBetween, documentNumber, isIsoDate } from '../../src/domain/stock-flow';

describe('stock documents', () => {
  it('allows only the transitions of DESIGN 5', () => {
    expect(canTransition('submit', 0)).toBe(true);
    expect(canTransition('submit', 2)).toBe(true);
    expect(canTransition('confirm', 0)).toBe(false);
    expect(canTransition('withdraw', 6)).toBe(false);
    expect(canTransition('cancel', 6)).toBe(true);
    expect(canTransition('cancel', 1)).toBe(false);
  });

  it('offers Edit only on documents still in draft or withdrawn', () => {
    for (const status of [0, 2]) expect(isEditable(inbounds, { status })).toBe(true);
    for (const status of [1, 3, 6]) expect(isEditable(inbounds, { status })).toBe(false);
    expect(isEditable(partners, { status: 0 })).toBe(true);
  });

  it('accepts only real calendar days as confirm dates', () => {
    for (const day of ['2026-11-23', '2024-02-29']) expect(isIsoDate(day)).toBe(true);
    for (const day of ['2026-02-30', '2026-13-45', '2026-1-5', '', null, 20261123]) expect(isIsoDate(day)).toBe(false);
  });

  it('counts days and numbers documents', () => {
    expect(daysBetween('2026-10-01', '2026-11-20')).toBe(50);
    expect(documentNumber('IN', '2026-11-23', 7)).toBe('IN20261123-0007');
  });
});
