import type { Effect } from '../../engine/transition';

/** Void keeps why (trimmed by the route): on the expense and in its timeline. */
export const voidExpense: Effect = async (_tx, { input: { reason } }) => ({
  columns: { void_reason: reason },
  note: { reason },
});
