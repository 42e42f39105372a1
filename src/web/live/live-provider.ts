import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { currentUser, onSessionChange } from '../providers/session';
import { LiveConnection, type StreamChange } from './connection';

/**
 * Lists that change when another resource's records do, though no event names them: stock moves
 * with inbounds, outbounds and orders; an order moves with its delivery and outbound.
 */
const ALSO_CHANGES: Record<string, string[]> = {
  inbounds: ['inventory', 'lots', 'changeLogs', 'mallProducts', 'inboundLines'],
  outbounds: ['inventory', 'lots', 'changeLogs', 'mallProducts', 'outboundLines', 'outboundTakes', 'orders'],
  orders: ['inventory', 'mallProducts', 'orderLines', 'outbounds', 'deliveries'],
  deliveries: ['orders'],
  shipments: ['inbounds'],
  bills: ['billLines'],
  billRuns: ['bills'],
};

interface Subscription {
  channel: string;
  types: string[];
  callback: (event: LiveEvent) => void;
  /** The kept page (tab) it was made on: pages are mounted only while shown, so this is theirs. */
  path: string;
  /** What came while its page was in the background, told once the page is shown again. */
  deferred?: LiveEvent;
}

const subscriptions = new Set<Subscription>();

/** A page of the kept-tabs workspace that is in the background (PageFrame hides it with display: none). */
const hidden = (path: string) => {
  const frame = document.querySelector<HTMLElement>(`[data-page="${CSS.escape(path)}"]`);
  return frame !== null && frame.style.display === 'none';
};

/** Refine's event type of ours; `*` (a reset) stays `*`: anything may have changed. */
const kind = (type: string) =>
  type === '*' ? '*' : type.endsWith('.created') ? 'created' : type.endsWith('.deleted') ? 'deleted' : 'updated';

const eventOf = (channel: string, changes: StreamChange[]): LiveEvent => {
  const last = changes[changes.length - 1];
  const types = new Set(changes.map((c) => kind(c.type)));
  return {
    channel,
    type: types.size === 1 ? [...types][0] : '*',
    payload: {
      ids: [...new Set(changes.flatMap((c) => c.ids))],
      more: changes.some((c) => c.more),
      by: last.by,
      types: changes.map((c) => c.type),
    },
    date: new Date(),
  };
};

const merged = (a: LiveEvent | undefined, b: LiveEvent): LiveEvent =>
  a
    ? {
        ...b,
        type: a.type === b.type ? b.type : '*',
        payload: { ...b.payload, ids: [...new Set([...(a.payload.ids ?? []), ...(b.payload.ids ?? [])])] },
      }
    : b;

const tell = (subscription: Subscription, event: LiveEvent) => {
  if (!subscription.types.includes('*') && event.type !== '*' && !subscription.types.includes(event.type)) return;
  if (hidden(subscription.path)) subscription.deferred = merged(subscription.deferred, event);
  else subscription.callback(event);
};

/** One message of the stream to the subscriptions of each channel it concerns. */
function dispatch(message: StreamChange[] | 'reset') {
  const byChannel = new Map<string, StreamChange[]>();
  if (message === 'reset') {
    const everything: StreamChange = { resource: '', type: '*', seq: 0, ids: [], more: true, by: null };
    for (const { channel } of subscriptions) byChannel.set(channel, [everything]);
  } else
    for (const change of message)
      for (const resource of [change.resource, ...(ALSO_CHANGES[change.resource] ?? [])]) {
        const channel = `resources/${resource}`;
        byChannel.set(channel, [...(byChannel.get(channel) ?? []), change]);
      }
  if (message !== 'reset') for (const change of message) resourceListeners.get(change.resource)?.forEach((l) => l());
  const events = new Map([...byChannel].map(([channel, changes]) => [channel, eventOf(channel, changes)]));
  for (const subscription of [...subscriptions]) {
    const event = events.get(subscription.channel);
    if (event) tell(subscription, event);
  }
}

const connection = new LiveConnection(dispatch);

const resourceListeners = new Map<string, Set<() => void>>();

/**
 * Told of every change to a resource the stream brings, whatever page is shown: the app's own
 * listeners (an admin's customization reshaping every screen), not a page's. Answers the unsubscribe.
 */
export function onStreamChange(resource: string, listener: () => void) {
  const listeners = resourceListeners.get(resource) ?? new Set();
  resourceListeners.set(resource, listeners);
  listeners.add(listener);
  connection.start();
  return () => listeners.delete(listener);
}
onSessionChange(() => {
  if (!currentUser()) connection.stop();
});

/** A page came to the front: what its subscriptions missed meanwhile, once each. */
export function tellShownPage() {
  for (const subscription of subscriptions) {
    const event = subscription.deferred;
    if (!event || hidden(subscription.path)) continue;
    subscription.deferred = undefined;
    subscription.callback(event);
  }
}

/**
 * Refine's live provider (issue 26) over the tab's one stream: channels `resources/<name>`, each
 * event the changes to that resource the server merged (ids, who made the last one). Pages kept
 * in background tabs are told when shown again, not on every change, so a busy day does not make
 * ten hidden lists read again on each event.
 */
export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const subscription: Subscription = { channel, types, callback, path: window.location.pathname };
    subscriptions.add(subscription);
    connection.start();
    return subscription;
  },
  unsubscribe: (subscription: Subscription) => {
    subscriptions.delete(subscription);
  },
};
