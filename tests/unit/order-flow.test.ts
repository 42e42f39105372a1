import { describe, expect, it } from 'vitest';
import {
  canDeliver,
  canOrder,
  DeliveryType,
  orderAfterDelivery,
  orderMachine,
  type OrderAction,
} from '../../src/domain/order-flow';

const ALL_STATES = [0, 1, 2, 3, 6, 9, 12, 15, 18, 21];

describe('mall order state machine', () => {
  it('allows exactly the transitions of DESIGN 5 and C1', () => {
    const allowed = Object.fromEntries(
      (Object.keys(orderMachine.actions) as OrderAction[]).map((action) => [
        action,
        ALL_STATES.filter((s) => canOrder(action, s)),
      ]),
    );
    expect(allowed).toEqual({
      submit: [0, 2],
      approve: [3],
      reject: [3],
      cancel: [0, 2, 3, 6],
      pick: [6],
      ship: [6, 9],
      dispatch: [12],
      sign: [12, 15],
      complete: [18],
    });
  });

  it('never leaves the final states', () => {
    for (const action of Object.keys(orderMachine.actions) as OrderAction[]) {
      expect(canOrder(action, 1)).toBe(false);
      expect(canOrder(action, 21)).toBe(false);
    }
  });
});

describe('delivery state machine (C6)', () => {
  it('goes 0 -> 3 -> 6 or 2, and 2 -> 0 again, for a delivery to an address', () => {
    const d = DeliveryType.delivery;
    expect(canDeliver('dispatch', 0, d)).toBe(true);
    expect(canDeliver('sign', 0, d)).toBe(false);
    expect(canDeliver('sign', 3, d)).toBe(true);
    expect(canDeliver('fail', 3, d)).toBe(true);
    expect(canDeliver('redispatch', 2, d)).toBe(true);
    expect(canDeliver('dispatch', 2, d)).toBe(false);
    for (const action of ['dispatch', 'sign', 'fail', 'redispatch'] as const)
      expect(canDeliver(action, 6, d)).toBe(false);
  });

  it('lets a customer pickup go 0 -> 6 only, never in transit', () => {
    const p = DeliveryType.pickup;
    expect(canDeliver('sign', 0, p)).toBe(true);
    expect(canDeliver('dispatch', 0, p)).toBe(false);
    expect(canDeliver('fail', 3, p)).toBe(false);
  });

  it('moves the order with the delivery: 12 -> 15 on dispatch (kept on re-dispatch), -> 18 on sign', () => {
    expect(orderAfterDelivery('dispatch', 12)).toBe(15);
    expect(orderAfterDelivery('dispatch', 15)).toBe(15);
    expect(orderAfterDelivery('dispatch', 9)).toBeUndefined();
    expect(orderAfterDelivery('sign', 15)).toBe(18);
    expect(orderAfterDelivery('sign', 12)).toBe(18);
    expect(orderAfterDelivery('sign', 18)).toBeUndefined();
    expect(orderAfterDelivery('fail', 15)).toBe(15);
    expect(orderAfterDelivery('redispatch', 15)).toBe(15);
  });
});
