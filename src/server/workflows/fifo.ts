import { LotHold } from '../../domain/return-flow';
import { daysBetween } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';

export interface StockLot {
  id: number;
  inventory_id: number;
  pieces: number;
  pallets: number;
  inbound_date: string;
}

export interface TakeLine {
  id: number;
  sku_id: number;
  pieces: number;
  pallets: number;
}

export interface Take {
  lineId: number;
  lotId: number;
  inventoryId: number;
  skuId: number;
  inboundDate: string;
  pieces: number;
  pallets: number;
  days: number;
}

/**
 * The lots of these inventory rows that still hold stock, locked for a confirm or read for a plan;
 * a lot on hold (quarantined returned goods) is never taken.
 */
export const lotsInStock = (tx: Queryable, inventoryIds: number[], lock: boolean) =>
  tx.query<StockLot>(
    `SELECT id, inventory_id, pieces, pallets, to_char(inbound_date, 'YYYY-MM-DD') AS inbound_date FROM lots
      WHERE inventory_id = ANY($1::int[]) AND pieces > 0 AND hold <> ${LotHold.held} ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [inventoryIds],
  );

/**
 * First in first out per inventory row (oldest inbound date, then oldest lot), line by line: what
 * an outbound's confirm takes and what the picking screen asks to scan, from one rule. Answers the
 * takes (with each lot's days in the warehouse on `actualDate`) and the pieces no lot covered.
 */
export function fifoTakes(
  lines: TakeLine[],
  inventoryOf: (skuId: number) => number | undefined,
  lots: StockLot[],
  actualDate?: string,
): { takes: Take[]; short: number } {
  const fifo = new Map<number, StockLot[]>();
  for (const lot of [...lots].sort((a, b) => a.inbound_date.localeCompare(b.inbound_date) || a.id - b.id))
    fifo.set(lot.inventory_id, [...(fifo.get(lot.inventory_id) ?? []), { ...lot }]);
  const takes: Take[] = [];
  let short = 0;
  for (const line of lines) {
    const inventoryId = inventoryOf(line.sku_id);
    let pieces = line.pieces;
    let pallets = line.pallets;
    for (const lot of inventoryId === undefined ? [] : (fifo.get(inventoryId) ?? [])) {
      if (pieces === 0) break;
      if (lot.pieces === 0) continue;
      const take = Math.min(pieces, lot.pieces);
      const takePallets = take === lot.pieces ? lot.pallets : Math.min(pallets, lot.pallets);
      takes.push({
        lineId: line.id,
        lotId: lot.id,
        inventoryId: lot.inventory_id,
        skuId: line.sku_id,
        inboundDate: lot.inbound_date,
        pieces: take,
        pallets: takePallets,
        days: actualDate ? Math.max(0, daysBetween(lot.inbound_date, actualDate)) : 0,
      });
      lot.pieces -= take;
      lot.pallets = Math.max(0, lot.pallets - takePallets);
      pieces -= take;
      pallets = Math.max(0, pallets - takePallets);
    }
    short += pieces;
  }
  return { takes, short };
}

export interface ExpectedTake {
  lotId: number;
  pieces: number;
}

/** Whether the takes worked out under the locks are the ones a picker scanned: the same pieces from the same lots. */
export function sameTakes(expected: ExpectedTake[], takes: Take[]) {
  const perLot = (list: ExpectedTake[]) => {
    const sums = new Map<number, number>();
    for (const t of list) sums.set(t.lotId, (sums.get(t.lotId) ?? 0) + t.pieces);
    return sums;
  };
  const [want, got] = [perLot(expected), perLot(takes)];
  return want.size === got.size && [...want].every(([lotId, pieces]) => got.get(lotId) === pieces);
}
