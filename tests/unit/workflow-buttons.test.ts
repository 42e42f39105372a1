import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { DocStatus, inboundMachine, outboundMachine } from '../../src/domain/stock-flow';
import { DeliveryType, deliveryMachine, orderMachine, OrderStatus } from '../../src/domain/order-flow';
import { shownStates, stepStatuses } from '../../src/web/engine/workflow/steps';
import { rightsAsked, visibleActions } from '../../src/web/engine/workflow/visible-actions';
import { workflowExtensions } from '../../src/web/workflows';

type Tree = Record<string, unknown>;

const all = (names: string[]) => new Set(names);

describe("a state machine's buttons", () => {
  it('show what the state allows and the policy grants, in declared order', () => {
    const everything = all(rightsAsked(inboundMachine));
    expect(visibleActions(inboundMachine, { status: DocStatus.initial }, everything)).toEqual([
      'submit',
      'cancel',
      'pod',
    ]);
    expect(visibleActions(inboundMachine, { status: DocStatus.awaiting }, everything)).toEqual([
      'confirm',
      'withdraw',
      'cancel',
      'pod',
    ]);
    expect(visibleActions(inboundMachine, { status: DocStatus.awaiting }, all(['withdraw']))).toEqual(['withdraw']);
  });

  it('hide an action whose extra right the record asks for is missing (cancelling a done document)', () => {
    expect(visibleActions(inboundMachine, { status: DocStatus.done }, all(['cancel', 'pod']))).toEqual(['pod']);
    expect(visibleActions(inboundMachine, { status: DocStatus.done }, all(['cancel', 'confirm']))).toEqual(['cancel']);
  });

  it("hide an action the record's guard refuses (a mall order's outbound has no Withdraw or Cancel)", () => {
    const everything = all(rightsAsked(outboundMachine));
    const own = visibleActions(outboundMachine, { status: DocStatus.awaiting, orderId: null }, everything);
    const mall = visibleActions(outboundMachine, { status: DocStatus.awaiting, orderId: 7 }, everything);
    expect(own).toContain('withdraw');
    expect(mall).toEqual(['confirm', 'pod']);
  });

  it('offer a customer pickup only its signature, straight from awaiting dispatch', () => {
    const everything = all(rightsAsked(deliveryMachine));
    expect(visibleActions(deliveryMachine, { status: 0, deliveryType: DeliveryType.pickup }, everything)).toEqual([
      'sign',
    ]);
    expect(visibleActions(deliveryMachine, { status: 0, deliveryType: DeliveryType.delivery }, everything)).toEqual([
      'dispatch',
    ]);
  });

  it('never offer an event another workflow makes happen', () => {
    const asked = rightsAsked(orderMachine);
    expect(asked).not.toContain('ship');
    expect(visibleActions(orderMachine, { status: OrderStatus.approved }, all(['ship', 'pick']))).toEqual(['pick']);
  });
});

describe("a state machine's step bar", () => {
  it('walks the main path, a side state showing only when reached', () => {
    const states = shownStates(orderMachine, OrderStatus.processing);
    expect(states.map((s) => s.value)).not.toContain(OrderStatus.cancelled);
    const statuses = stepStatuses(states, OrderStatus.processing);
    const at = states.findIndex((s) => s.value === OrderStatus.processing);
    expect(statuses[at]).toBe('process');
    expect(statuses.slice(0, at).every((s) => s === 'finish')).toBe(true);
    expect(statuses.slice(at + 1).every((s) => s === 'wait')).toBe(true);
    expect(stepStatuses(shownStates(orderMachine, OrderStatus.completed), OrderStatus.completed).at(-1)).toBe('finish');
  });

  it('marks a rejection where it happened, and a cancellation as the end of an unfinished path', () => {
    const rejected = shownStates(orderMachine, OrderStatus.rejected);
    expect(stepStatuses(rejected, OrderStatus.rejected).slice(0, 3)).toEqual(['finish', 'error', 'wait']);
    const cancelled = shownStates(inboundMachine, DocStatus.cancelled);
    expect(stepStatuses(cancelled, DocStatus.cancelled)).toEqual(['wait', 'wait', 'wait', 'error']);
  });
});

describe("the states' hints", () => {
  it('each have their words in locales (the locales test holds the other languages to English)', () => {
    const dir = join(__dirname, '../../locales/en');
    const words = readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree);
    const has = (key: string) =>
      words.some(
        (tree) =>
          typeof key.split('.').reduce<unknown>((n, part) => (n as Tree | undefined)?.[part], tree) === 'string',
      );
    const keys = resources.flatMap((r) =>
      (r.workflow?.machine?.states ?? []).filter((s) => s.hint).map((s) => `${r.name}.hints.${s.value}`),
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !has(key))).toEqual([]);
  });
});

describe('the dialogs handed to the engine', () => {
  const named = resources.flatMap((r) =>
    Object.entries(r.workflow?.machine?.actions ?? {}).flatMap(([action, a]) =>
      a.dialog ? [{ where: `${r.name}.${action}`, dialog: a.dialog }] : [],
    ),
  );

  it('are each named by a declared action, and each action naming one finds it', () => {
    expect(named.length).toBeGreaterThan(0);
    expect(Object.keys(workflowExtensions.dialogs).filter((key) => !named.some((n) => n.dialog === key))).toEqual([]);
    expect(named.filter((n) => !workflowExtensions.dialogs[n.dialog])).toEqual([]);
  });
});
