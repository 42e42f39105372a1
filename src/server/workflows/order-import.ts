import type { Queryable } from '../db/types';
import type { Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import type { FieldProblem } from '../errors';
import { OrderStatus } from '../../domain/order-flow';
import { HEADER, insertOrders, orderDraftsProblems } from './order-drafts';
import type { OrderLineInput } from './order-lines';
import { shortOfStock } from './stock';

/** A row of the file as the import read it: its Excel number and its checked cells (lookups resolved). */
export interface OrderRow {
  row: number;
  values: Rec;
}

export interface OrderImport {
  created: number;
  unchanged: number;
  /** What the import does to each file row, by its Excel number. */
  outcomes: Map<number, 'created' | 'unchanged'>;
  problems: (FieldProblem & { row: number })[];
  /** Drafts the new orders, as the form's Add order does. */
  write(userId: number): Promise<void>;
}

type Draft = { rows: OrderRow[]; header: Rec; lines: OrderLineInput[] };

const sameKey = (organizationId: unknown, refNo: unknown) => JSON.stringify([organizationId, refNo]);

/**
 * A file of mall orders (issue 27): rows sharing a reference number within a customer make one
 * order, its header from the first row (the other rows must agree or leave it empty) and a line
 * per row. An order whose customer already has that reference number stays as it is, so the same
 * file twice creates nothing the second time. Each new order is checked as the form drafts it
 * (orderDraftsProblems), and the file's orders together may not ask for more of a SKU than its
 * customer has available in the warehouse, as Submit would refuse.
 */
export async function orderImport(tx: Queryable, rows: OrderRow[], viewer: Viewer): Promise<OrderImport> {
  const problems: OrderImport['problems'] = [];
  const groups = new Map<string, OrderRow[]>();
  for (const row of rows) {
    const key = sameKey(row.values.organizationId, row.values.refNo);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const stored = new Set(
    (
      await tx.query<{ organization_id: number; ref_no: string }>(
        'SELECT organization_id, ref_no FROM orders WHERE ref_no = ANY($1::text[])',
        [[...new Set(rows.map((r) => String(r.values.refNo)))]],
      )
    ).map((o) => sameKey(o.organization_id, o.ref_no)),
  );
  const outcomes = new Map<number, 'created' | 'unchanged'>();
  const drafts: Draft[] = [];
  const inputs: Rec[] = [];
  let unchanged = 0;
  for (const [key, group] of groups) {
    if (stored.has(key)) {
      for (const { row } of group) outcomes.set(row, 'unchanged');
      unchanged++;
      continue;
    }
    const header: Rec = {};
    for (const field of HEADER) if (group[0].values[field] !== undefined) header[field] = group[0].values[field];
    for (const { row, values } of group.slice(1))
      for (const field of HEADER)
        if (values[field] !== undefined && values[field] !== header[field])
          problems.push({ row, field, key: 'import.orderHeader' });
    inputs.push({ ...header, lines: group.map(({ values }) => ({ skuId: values.skuId, pieces: values.pieces })) });
    for (const { row } of group) outcomes.set(row, 'created');
    drafts.push({ rows: group, header, lines: [] });
  }
  // Every new order is checked at once, each as the form would check it alone.
  const checked = await orderDraftsProblems(tx, inputs, viewer);
  checked.forEach(({ lines, problems: found }, i) => {
    const group = drafts[i].rows;
    drafts[i].lines = lines;
    for (const { field, ...problem } of found) {
      const [, index, name] = field.split('.');
      problems.push(
        field.startsWith('lines.')
          ? { ...problem, field: name, row: group[Number(index)].row }
          : { ...problem, field, row: group[0].row },
      );
    }
  });
  problems.push(...(await overAvailable(tx, drafts)));
  return {
    created: drafts.length,
    unchanged,
    outcomes,
    problems,
    write: async (userId) => {
      await insertOrders(tx, drafts, userId, OrderStatus.initial, 'create');
    },
  };
}

/**
 * The rows of SKUs the file's new orders ask more of, together, than their customer has available
 * (on hand less reserved) in the order's warehouse; one statement for the whole file.
 */
async function overAvailable(tx: Queryable, drafts: Draft[]): Promise<(FieldProblem & { row: number })[]> {
  const asked = drafts.flatMap(({ header, rows }) =>
    rows.flatMap(({ row, values }) =>
      Number.isInteger(values.skuId) && Number.isInteger(values.pieces)
        ? [
            {
              row,
              organizationId: header.organizationId as number,
              warehouseId: header.warehouseId as number,
              skuId: values.skuId as number,
              pieces: values.pieces as number,
            },
          ]
        : [],
    ),
  );
  const short = await shortOfStock(tx, asked);
  return [...short].map(([i, available]) => ({
    row: asked[i].row,
    field: 'pieces',
    key: 'validation.available',
    params: { available },
  }));
}
