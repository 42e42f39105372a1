import { describe, expect, it } from 'vitest';
import { eventType } from '../../src/domain/event-types';

describe('event types', () => {
  it('names engine changes by resource', () => {
    expect(eventType('products', 'create')).toBe('products.created');
    expect(eventType('products', 'edit')).toBe('products.updated');
    expect(eventType('products', 'delete')).toBe('products.deleted');
    expect(eventType('bills', 'generate')).toBe('bills.created');
  });

  it('names workflow actions as the issue pins them', () => {
    expect(eventType('inbounds', 'confirm')).toBe('inbound.confirmed');
    expect(eventType('outbounds', 'confirm')).toBe('outbound.confirmed');
    expect(eventType('orders', 'ship')).toBe('order.shipped');
    expect(eventType('orders', 'approve')).toBe('order.approved');
    expect(eventType('orders', 'submit')).toBe('order.submitted');
    expect(eventType('deliveries', 'complete')).toBe('delivery.signed');
    expect(eventType('deliveries', 'dispatch')).toBe('delivery.dispatched');
    expect(eventType('bills', 'issue')).toBe('bill.issued');
    expect(eventType('bills', 'pay')).toBe('bill.paid');
    expect(eventType('inbounds', 'withdraw')).toBe('inbound.withdrawn');
    expect(eventType('orders', 'cancel')).toBe('order.cancelled');
  });
});
