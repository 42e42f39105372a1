// @vitest-environment happy-dom
import type { LiveEvent } from '@refinedev/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The live provider's routing (issue 26): a stream message reaches the subscriptions of the
 * channels it concerns, merged; a page kept in a background tab hears of it once shown again.
 */
const stream = vi.hoisted(() => ({ tell: (_: unknown) => undefined as void }));
vi.mock('../../src/web/providers/session', () => ({
  currentUser: () => ({ id: 1 }),
  onSessionChange: () => () => true,
}));
vi.mock('../../src/web/live/connection', () => ({
  LiveConnection: class {
    constructor(listener: (message: unknown) => void) {
      stream.tell = listener;
    }
    start() {}
    stop() {}
  },
}));

const { liveProvider, tellShownPage } = await import('../../src/web/live/live-provider');

const change = (resource: string, id: string, type = `${resource}.updated`) => ({
  resource,
  type,
  seq: Number(id),
  ids: [id],
  by: { id: 2, name: 'Lin Wei' },
});

/** A subscription made while `path` is the page shown, as a page's hooks make theirs. */
const subscribe = (path: string, channel: string) => {
  history.pushState({}, '', path);
  const heard: LiveEvent[] = [];
  liveProvider.subscribe({ channel, types: ['*'], callback: (event) => heard.push(event) });
  return heard;
};

const show = (path: string) => {
  for (const frame of document.querySelectorAll<HTMLElement>('[data-page]'))
    frame.style.display = frame.dataset.page === path ? '' : 'none';
  history.pushState({}, '', path);
  tellShownPage();
};

beforeEach(() => {
  document.body.innerHTML = '<div data-page="/lists"></div><div data-page="/other"></div>';
});

describe('live provider', () => {
  it('tells the shown page at once and a background page once it is shown, merged', () => {
    const background = subscribe('/other', 'resources/inbounds');
    show('/lists');
    const shown = subscribe('/lists', 'resources/inbounds');
    const unrelated = subscribe('/lists', 'resources/bills');

    stream.tell([change('inbounds', '7', 'inbound.confirmed')]);
    stream.tell([change('inbounds', '8')]);
    expect(shown.map((e) => [e.channel, e.type, e.payload.ids, e.payload.by.name])).toEqual([
      ['resources/inbounds', 'updated', ['7'], 'Lin Wei'],
      ['resources/inbounds', 'updated', ['8'], 'Lin Wei'],
    ]);
    expect(unrelated).toEqual([]);
    expect(background).toEqual([]);

    show('/other');
    expect(background.map((e) => e.payload.ids)).toEqual([['7', '8']]);
    show('/other');
    expect(background).toHaveLength(1);
  });

  it('tells the lists a change moves without naming them, and everyone on a reset', () => {
    show('/lists');
    const stock = subscribe('/lists', 'resources/inventory');
    const ports = subscribe('/lists', 'resources/ports');
    stream.tell([change('inbounds', '9', 'inbound.confirmed'), change('orders', '3', 'orders.created')]);
    expect(stock).toHaveLength(1);
    expect(stock[0].type).toBe('*');
    expect(stock[0].payload.ids).toEqual(['9', '3']);
    expect(ports).toEqual([]);
    stream.tell('reset');
    expect(ports.map((e) => e.type)).toEqual(['*']);
  });

  it('stops telling a subscription once unsubscribed', () => {
    show('/lists');
    history.pushState({}, '', '/lists');
    const heard: LiveEvent[] = [];
    const subscription = liveProvider.subscribe({
      channel: 'resources/products',
      types: ['*'],
      callback: (e) => heard.push(e),
    });
    liveProvider.unsubscribe(subscription);
    stream.tell([change('products', '1', 'products.created')]);
    expect(heard).toEqual([]);
  });
});
