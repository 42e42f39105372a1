import { ChangeType } from '../../../domain/stock-flow';
import type { Queryable } from '../../db/types';
import type { Effect, EffectContext } from '../../engine/transition';
import { moveStock } from '../stock';

/**
 * The lot's inventory row, locked before the transition locks the lot: inventory rows by SKU, then
 * lots by id, is the order every stock action takes them in (stock.ts, a count's approval, which
 * locks held lots too), so a release or disposal never waits on one of them in a circle. Reads
 * nothing back: it runs before the lot is found in the caller's scope.
 */
async function lockInventoryRow(tx: Queryable, lotId: number) {
  await tx.query('SELECT id FROM inventory WHERE id = (SELECT inventory_id FROM lots WHERE id = $1) FOR UPDATE', [
    lotId,
  ]);
}

/** A held lot's pieces leave its inventory row's hold. */
async function unhold(tx: Queryable, lot: Record<string, unknown>) {
  await tx.query('UPDATE inventory SET held = held - $2, updated_at = now(), version = version + 1 WHERE id = $1', [
    lot.inventoryId,
    lot.pieces,
  ]);
}

/** Release: the quarantined pieces become available, taken first in first out by their own date. */
export const releaseLot: Effect = Object.assign(
  async (tx: Queryable, { record: lot }: EffectContext) => {
    await unhold(tx, lot);
    return { note: { pieces: lot.pieces } };
  },
  { lockFirst: lockInventoryRow },
);

/** Dispose: the held pieces leave stock with a change log of the disposal, under the return they came with. */
export const disposeLot: Effect = Object.assign(
  async (tx: Queryable, { record: lot }: EffectContext) => {
    await unhold(tx, lot);
    const pieces = lot.pieces as number;
    if (!pieces) return;
    const [origin] = await tx.query<{ return_no: string | null }>('SELECT return_no FROM returns WHERE id = $1', [
      lot.returnId,
    ]);
    const documentNo = origin?.return_no ?? `L${String(lot.id)}`;
    await moveStock(
      tx,
      ChangeType.returnDisposed,
      { documentNo, ...(lot.returnId ? { returnId: lot.returnId as number } : {}) },
      [
        {
          lotId: lot.id as number,
          inventoryId: lot.inventoryId as number,
          skuId: lot.skuId as number,
          pieces: -pieces,
          pallets: -(lot.pallets as number),
        },
      ],
    );
    return { note: { pieces } };
  },
  { lockFirst: lockInventoryRow },
);
