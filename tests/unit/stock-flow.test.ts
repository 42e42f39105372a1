import { describe, expect, it } from 'vitest';
import { inbounds } from '../../resources/inbounds';
import { partners } from '../../resources/partners';
import { isEditable } from '../../src/domain/resource';
import { daysBetween, documentNumber, inboundMachine, outboundMachine } from '../../src/domain/stock-flow';
import { allows } from '../../src/domain/workflow';

describe('stock documents', () => {
  it('allows only the transitions of DESIGN 5, inbounds and outbounds alike', () => {
    for (const machine of [inboundMachine, outboundMachine]) {
      const can = (action: string, status: number) => allows(machine, action, { status });
      expect(can('submit', 0)).toBe(true);
      expect(can('submit', 2)).toBe(true);
      expect(can('confirm', 0)).toBe(false);
      expect(can('withdraw', 6)).toBe(false);
      expect(can('cancel', 6)).toBe(true);
      expect(can('cancel', 1)).toBe(false);
    }
  });

  it('offers Edit only on documents still in draft or withdrawn', () => {
    for (const status of [0, 2]) expect(isEditable(inbounds, { status })).toBe(true);
    for (const status of [1, 3, 6]) expect(isEditable(inbounds, { status })).toBe(false);
    expect(isEditable(partners, { status: 0 })).toBe(true);
  });

  it('counts days and numbers documents', () => {
    expect(daysBetween('2026-10-01', '2026-11-20')).toBe(50);
    expect(documentNumber('IN', '2026-11-23', 7)).toBe('IN20261123-0007');
  });
});
