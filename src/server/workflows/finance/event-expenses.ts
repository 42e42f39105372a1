import { ExpenseSource, FeeUnit, SubFeeType, feeTypeOfSubType } from '../../../domain/finance/codes';
import { countCharge } from '../../../domain/finance/pricing';
import type { Queryable } from '../../db/types';
import type { Rec } from '../../engine/records';
import { recordEvents } from '../../outbox/write';
import { feeModelOn } from './fee-models';

/** A warehouse or delivery event that may cost the customer something. */
interface ChargeableEvent {
  /** Who caused it: the expenses' events name them (issue 38: every change an effect makes is an event). */
  userId: number;
  source: number;
  organizationId: number;
  warehouseId: number;
  day: string;
  documentNo: string;
  subTypes: number[];
  /** How many of each quantity unit the event moved. */
  quantities: Partial<Record<number, number>>;
  links: { inbound_id?: number; outbound_id?: number; delivery_id?: number; return_id?: number };
}

/**
 * Writes the expenses an event causes, priced by the fee model valid that day, in the event's own
 * transaction, with their `expenses.created` events like any expense made on the screen (webhooks
 * and the live Expenses list hear them). No model, or no priced line for the event: nothing is
 * written and the event goes on.
 */
async function chargeEvent(tx: Queryable, event: ChargeableEvent) {
  const model = await feeModelOn(tx, event.organizationId, event.warehouseId, event.day);
  if (!model) return;
  const ids: number[] = [];
  for (const line of model.lines) {
    const quantity = event.quantities[line.unit] ?? 0;
    if (!event.subTypes.includes(line.subType) || quantity <= 0) continue;
    const amount = countCharge(line.segments, quantity);
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO expenses(expense_date, organization_id, warehouse_id, fee_type, sub_type, unit, quantity, unit_price, amount, currency,
         source, status, document_no, fee_model_id, inbound_id, outbound_id, delivery_id, return_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, round($8::numeric / $7, 4), $8, $9, $10, 0, $11, $12, $13, $14, $15, $16)
       RETURNING id`,
      [
        event.day,
        event.organizationId,
        event.warehouseId,
        feeTypeOfSubType(line.subType),
        line.subType,
        line.unit,
        quantity,
        amount,
        model.currency,
        event.source,
        event.documentNo,
        model.id,
        event.links.inbound_id ?? null,
        event.links.outbound_id ?? null,
        event.links.delivery_id ?? null,
        event.links.return_id ?? null,
      ],
    );
    ids.push(id);
  }
  await recordEvents(tx, { userId: event.userId, resource: 'expenses', action: 'create', ids });
}

/** What confirming a stock document charges, by its kind: its expenses name the document they come from. */
const CONFIRM_CHARGES = {
  inbound: { source: ExpenseSource.inbound, subType: SubFeeType.unloading, link: 'inbound_id' },
  outbound: { source: ExpenseSource.outbound, subType: SubFeeType.palletLoading, link: 'outbound_id' },
} as const;

/** The confirm's charge for the quantities it moved, on the day it happened, to the document's customer. */
async function chargeConfirm(
  tx: Queryable,
  kind: keyof typeof CONFIRM_CHARGES,
  doc: Rec,
  day: string,
  userId: number,
  quantities: ChargeableEvent['quantities'],
) {
  const { source, subType, link } = CONFIRM_CHARGES[kind];
  await chargeEvent(tx, {
    userId,
    source,
    organizationId: doc.organizationId as number,
    warehouseId: doc.warehouseId as number,
    day,
    documentNo: doc.orderNo as string,
    subTypes: [subType],
    links: { [link]: doc.id as number },
    quantities,
  });
}

/** Inbound confirm: unloading per container (of the shipments received by it) or per pallet. */
export async function chargeInboundConfirm(tx: Queryable, doc: Rec, inboundDate: string, userId: number) {
  const [counts] = await tx.query<{ containers: number; pallets: number }>(
    `SELECT (SELECT count(*)::int FROM containers c JOIN shipments s ON s.id = c.shipment_id WHERE s.inbound_id = $1) AS containers,
            (SELECT coalesce(sum(pallets), 0)::int FROM inbound_lines WHERE inbound_id = $1) AS pallets`,
    [doc.id],
  );
  await chargeConfirm(tx, 'inbound', doc, inboundDate, userId, {
    [FeeUnit.container]: counts.containers,
    [FeeUnit.pallet]: counts.pallets,
  });
}

/** Outbound confirm: pallet loading per pallet taken out (and per order where priced so). */
export async function chargeOutboundConfirm(tx: Queryable, doc: Rec, actualDate: string, userId: number) {
  const [counts] = await tx.query<{ pallets: number }>(
    'SELECT coalesce(sum(pallets), 0)::int AS pallets FROM outbound_takes WHERE outbound_id = $1',
    [doc.id],
  );
  await chargeConfirm(tx, 'outbound', doc, actualDate, userId, {
    [FeeUnit.pallet]: counts.pallets,
    [FeeUnit.order]: 1,
  });
}

/** Delivery dispatch: transport per order, pickup or road transport by the delivery's type. */
export async function chargeDeliveryDispatch(tx: Queryable, deliveryId: number, day: string, userId: number) {
  const [delivery] = await tx.query<{
    organization_id: number;
    warehouse_id: number;
    delivery_type: number;
    order_no: string;
  }>(
    `SELECT d.organization_id, o.warehouse_id, d.delivery_type, o.order_no FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE d.id = $1`,
    [deliveryId],
  );
  if (!delivery?.warehouse_id) return;
  await chargeEvent(tx, {
    userId,
    source: ExpenseSource.delivery,
    organizationId: delivery.organization_id,
    warehouseId: delivery.warehouse_id,
    day,
    documentNo: delivery.order_no,
    subTypes: [delivery.delivery_type === 1 ? SubFeeType.pickup : SubFeeType.roadTransport],
    links: { delivery_id: deliveryId },
    quantities: { [FeeUnit.order]: 1 },
  });
}

/** A return received: its handling per return, dated the day the warehouse received it. */
export async function chargeReturnReceipt(tx: Queryable, doc: Rec, day: string, userId: number) {
  await chargeEvent(tx, {
    userId,
    source: ExpenseSource.return,
    organizationId: doc.organizationId as number,
    warehouseId: doc.warehouseId as number,
    day,
    documentNo: doc.returnNo as string,
    subTypes: [SubFeeType.returnHandling],
    links: { return_id: doc.id as number },
    quantities: { [FeeUnit.order]: 1 },
  });
}
