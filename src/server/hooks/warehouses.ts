import type { ResourceHooks } from '../engine/hooks';

/**
 * A warehouse's movements per day (stock_daily) are kept on its own days: when its time zone
 * changes, they are counted again in the new zone, in the transaction that stores it, so the
 * dashboards never mix the two calendars.
 */
export const warehousesHooks: ResourceHooks = {
  async beforeWrite(input, { tx, current }) {
    if (current && input.timeZone && input.timeZone !== current.timeZone)
      await tx.query('SELECT stock_daily_rebuild($1, $2)', [current.id, input.timeZone]);
    return {};
  },
};
