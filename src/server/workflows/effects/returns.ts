import { LotHold } from '../../../domain/return-flow';
import { ChangeType } from '../../../domain/stock-flow';
import { warehouseToday } from '../../db/local-day';
import type { Queryable } from '../../db/types';
import type { Effect, EffectContext } from '../../engine/transition';
import type { FieldProblem } from '../../errors';
import { chargeReturnReceipt } from '../finance/event-expenses';
import { changeLots, lockInventories, newLotIds, refreshWarehouseStatus, type LotChange } from '../stock';

interface ReturnLine {
  id: number;
  sku_id: number;
  product_id: number;
  reason: number;
}

interface Received {
  lineId: number;
  restocked?: number;
  quarantined?: number;
  disposed?: number;
}

const linesOf = (tx: Queryable, returnId: unknown) =>
  tx.query<ReturnLine>('SELECT id, sku_id, product_id, reason FROM return_lines WHERE return_id = $1 ORDER BY id', [
    returnId,
  ]);

/** A return asks for something: without lines it is refused (40001), as an inbound's submit is. */
export const submitReturn: Effect = Object.assign(async () => undefined, {
  check: async (tx: Queryable, { record }: EffectContext): Promise<FieldProblem[]> =>
    (await linesOf(tx, record.id)).length ? [] : [{ field: 'lines', key: 'validation.products' }],
});

/** The reason (trimmed by the route) is kept for the cargo owner and shown in the timeline. */
export const rejectReturn: Effect = async (_tx, { input: { reason } }) => ({
  columns: { reject_reason: reason },
  note: { reason },
});

/** Each received line names a line of this return, once: what the schema cannot check. */
async function receivedLinesProblems(tx: Queryable, { record, input }: EffectContext): Promise<FieldProblem[]> {
  if (!Array.isArray(input.lines)) return [];
  const own = new Set((await linesOf(tx, record.id)).map((l) => l.id));
  const seen = new Set<number>();
  return (input.lines as Received[]).flatMap((line, i) => {
    const problem = !own.has(line.lineId)
      ? 'returns.validation.lineNotOnReturn'
      : seen.has(line.lineId)
        ? 'returns.validation.lineTwice'
        : undefined;
    seen.add(line.lineId);
    return problem ? [{ field: `lines.${i}.lineId`, key: problem }] : [];
  });
}

/** What becomes of received pieces: a lot of their own each, in the state they are kept in. */
const OUTCOMES = [
  { kind: 'restocked', hold: LotHold.free },
  { kind: 'quarantined', hold: LotHold.held },
  { kind: 'disposed', hold: LotHold.disposed },
] as const;

/**
 * Receive (issue 42), in the transition's one transaction and a handful of statements whatever the
 * number of lines: each line's restocked pieces become a free lot and its quarantined pieces a lot
 * on hold (on hand, not available: inventory.held), both dated the warehouse's today and linked to
 * the return. Disposed pieces come in and go out on a lot of their own, so the change logs say how
 * many were thrown away and why (the line's reason) while every lot stays the sum of its logs.
 * Return handling is charged by the fee model valid that day.
 */
export const receiveReturn: Effect = Object.assign(
  async (tx: Queryable, { record: doc, input, userId }: EffectContext) => {
    const today = await warehouseToday(tx, doc.warehouseId as number);
    const lines = await linesOf(tx, doc.id);
    const given = new Map((input.lines as Received[]).map((l) => [l.lineId, l]));
    const counted = lines.map((line) => {
      const g = given.get(line.id);
      return { line, restocked: g?.restocked ?? 0, quarantined: g?.quarantined ?? 0, disposed: g?.disposed ?? 0 };
    });
    // Every line says what arrived of it, a line left out nothing: requested and received stay side by side.
    await tx.query(
      `UPDATE return_lines l SET restocked = x.restocked, quarantined = x.quarantined, disposed = x.disposed, updated_at = now(), version = l.version + 1
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS x(id, restocked, quarantined, disposed) WHERE l.id = x.id`,
      [
        counted.map((c) => c.line.id),
        counted.map((c) => c.restocked),
        counted.map((c) => c.quarantined),
        counted.map((c) => c.disposed),
      ],
    );
    const lots = counted.flatMap((c) =>
      OUTCOMES.filter((o) => c[o.kind] > 0).map((o) => ({ line: c.line, hold: o.hold, pieces: c[o.kind] })),
    );
    const received = lots.reduce((sum, lot) => sum + lot.pieces, 0);
    const columns = { received_date: today, received_pieces: received };
    if (!lots.length) return { columns, note: { receivedDate: today, receivedPieces: received } };

    const place = { organizationId: doc.organizationId as number, warehouseId: doc.warehouseId as number };
    const inventory = await lockInventories(
      tx,
      place,
      lots.map((l) => ({ skuId: l.line.sku_id, productId: l.line.product_id })),
    );
    const inventoryOf = (lot: (typeof lots)[number]) => inventory.get(lot.line.sku_id)!.id;
    const lotIds = await newLotIds(tx, lots.length);
    await tx.query(
      `INSERT INTO lots(id, inventory_id, organization_id, warehouse_id, sku_id, return_id, inbound_date, pieces_in, pallets_in, pieces, pallets, hold)
       SELECT x.id, x.inventory_id, $1, $2, x.sku_id, $3, $4, x.pieces, 0, 0, 0, x.hold
         FROM unnest($5::int[], $6::int[], $7::int[], $8::int[], $9::int[]) AS x(id, inventory_id, sku_id, pieces, hold)`,
      [
        place.organizationId,
        place.warehouseId,
        doc.id,
        today,
        lotIds,
        lots.map(inventoryOf),
        lots.map((l) => l.line.sku_id),
        lots.map((l) => l.pieces),
        lots.map((l) => l.hold),
      ],
    );
    const change = (lot: (typeof lots)[number], i: number, changeType: number, pieces: number): LotChange => ({
      lotId: lotIds[i],
      inventoryId: inventoryOf(lot),
      changeType,
      pieces,
      pallets: 0,
      documentNo: doc.returnNo as string,
      returnId: doc.id as number,
      returnReason: lot.line.reason,
    });
    await changeLots(tx, [
      ...lots.map((lot, i) => change(lot, i, ChangeType.returnReceived, lot.pieces)),
      ...lots.flatMap((lot, i) =>
        lot.hold === LotHold.disposed ? [change(lot, i, ChangeType.returnDisposed, -lot.pieces)] : [],
      ),
    ]);
    const held = lots.filter((l) => l.hold === LotHold.held);
    if (held.length)
      await tx.query(
        `UPDATE inventory i SET held = i.held + x.pieces
           FROM (SELECT id, sum(pieces)::int AS pieces FROM unnest($1::int[], $2::int[]) AS c(id, pieces) GROUP BY id) x
          WHERE i.id = x.id`,
        [held.map(inventoryOf), held.map((l) => l.pieces)],
      );
    const kept = lots.filter((l) => l.hold !== LotHold.disposed);
    await refreshWarehouseStatus(
      tx,
      ChangeType.returnReceived,
      doc.returnNo as string,
      kept.map((l) => ({ skuId: l.line.sku_id, pieces: l.pieces })),
    );
    await chargeReturnReceipt(tx, doc, today, userId);
    return { columns, note: { receivedDate: today, receivedPieces: received } };
  },
  { check: receivedLinesProblems },
);
