import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { eventName, eventType } from '../../src/domain/event-types';
import { eventCatalogue, unknownEvents, webhookEvents } from '../../src/domain/webhook-events';

describe('event types', () => {
  it('names engine changes by resource in the outbox, as it always has', () => {
    expect(eventType('products', 'create')).toBe('products.created');
    expect(eventType('products', 'edit')).toBe('products.updated');
    expect(eventType('products', 'delete')).toBe('products.deleted');
    expect(eventType('bills', 'generate')).toBe('bills.created');
    expect(eventType('orders', 'checkout')).toBe('order.checkouted');
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

  it('publishes every event on webhooks by one rule: the record, singular, and what happened to it', () => {
    expect(eventName('inbounds', 'create')).toBe('inbound.created');
    expect(eventName('inbounds', 'confirm')).toBe('inbound.confirmed');
    expect(eventName('orders', 'checkout')).toBe('order.checkedOut');
    expect(eventName('addresses', 'edit')).toBe('address.updated');
    expect(eventName('taxes', 'delete')).toBe('tax.deleted');
    expect(eventName('productCategories', 'create')).toBe('productCategory.created');
    expect(eventName('goods', 'create')).toBe('goods.created');
    expect(eventName('bills', 'generate')).toBe('bill.created');
    for (const event of webhookEvents(resources)) expect(event.name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('keeps each old name that differs as the deprecated name of the new one', () => {
    const events = webhookEvents(resources);
    const byName = new Map(events.map((e) => [e.name, e]));
    expect(byName.get('inbound.created')).toMatchObject({ deprecatedName: 'inbounds.created' });
    expect(byName.get('order.checkedOut')).toMatchObject({ deprecatedName: 'order.checkouted' });
    expect(byName.get('inbound.confirmed')!.deprecatedName).toBeUndefined();
    expect(byName.get('webhook.secretRotated')).toBeDefined();
    const deprecated = events.flatMap((e) => (e.deprecatedName ? [e.deprecatedName] : []));
    expect(deprecated.filter((old) => byName.has(old))).toEqual([]);
  });

  it("suggests today's events, wildcards first, each once; accepts old names but not unknown ones", () => {
    const catalogue = eventCatalogue(resources);
    expect(catalogue.slice(0, 1)).toEqual(['*']);
    expect(catalogue).toEqual([...new Set(catalogue)]);
    for (const type of ['order.*', 'product.*', 'product.created', 'order.shipped', 'delivery.signed', 'bill.issued'])
      expect(catalogue).toContain(type);
    expect(catalogue).not.toContain('products.created');
    // A resource the engine only reads (the audit trail) has no change events to offer.
    expect(catalogue.filter((type) => type.startsWith('auditLog.'))).toEqual([]);
    const wildcards = catalogue.filter((type) => type.endsWith('*'));
    expect(catalogue.slice(0, wildcards.length)).toEqual(wildcards);
    expect(
      unknownEvents(['*', 'products.created', 'products.*', 'product.created', 'order.checkouted'], resources),
    ).toEqual([]);
    expect(unknownEvents(['order.shiped', 'orders.shipped', 'nothing.*', 'order.shipped'], resources)).toEqual([
      'order.shiped',
      'orders.shipped',
      'nothing.*',
    ]);
  });
});
