import type { Effect } from '../../engine/transition';

/** Void keeps why, trimmed: on the expense and in its timeline. */
export const voidExpense: Effect = async (_tx, { input }) => {
  const reason = (input.reason as string).trim();
  return { columns: { void_reason: reason }, note: { reason } };
};
