import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { eventCatalogue, eventType } from '../../src/domain/event-types';

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
    // The name subscribers have received since the action was called complete.
    expect(eventType('deliveries', 'sign')).toBe('delivery.signed');
    expect(eventType('deliveries', 'dispatch')).toBe('delivery.dispatched');
    expect(eventType('bills', 'issue')).toBe('bill.issued');
    expect(eventType('bills', 'pay')).toBe('bill.paid');
    expect(eventType('inbounds', 'withdraw')).toBe('inbound.withdrawn');
    expect(eventType('orders', 'cancel')).toBe('order.cancelled');
  });

  it("suggests the declarations' events, wildcards first, each once", () => {
    const catalogue = eventCatalogue(resources);
    expect(catalogue.slice(0, 1)).toEqual(['*']);
    expect(catalogue).toEqual([...new Set(catalogue)]);
    for (const type of ['order.*', 'products.*', 'products.created', 'order.shipped', 'delivery.signed', 'bill.issued'])
      expect(catalogue).toContain(type);
    // A resource the engine only reads (the audit trail) has no change events to offer.
    expect(catalogue.filter((type) => type.startsWith('auditLogs.'))).toEqual([]);
    const wildcards = catalogue.filter((type) => type.endsWith('*'));
    expect(catalogue.slice(0, wildcards.length)).toEqual(wildcards);
  });
});
