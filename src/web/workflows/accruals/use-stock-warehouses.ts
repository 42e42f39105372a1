import { useCan, useCustom } from '@refinedev/core';
import dayjs from 'dayjs';
import { useLiveRefresh } from '../../live/use-live-refresh';

interface WarehouseRow {
  warehouseId: number;
  warehouseName: string | null;
  onHand: number;
  movedIn: number;
  movedOut: number;
}

export interface StockWarehouse {
  id: number;
  name: string;
}

/** The most rows the inventory report pages at: far more warehouses than an organization uses. */
const PAGE_SIZE = 1000;

/**
 * The warehouses an organization is charged storage in this month: where it has stock now or moved
 * some since the 1st (a warehouse emptied this month still bills its days). Read from the inventory
 * report by warehouse, so a user who may not read that report gets none, and no refusal.
 */
export const useStockWarehouses = (organizationId?: number) => {
  const access = useCan({ resource: 'reportInventory', action: 'list' });
  const enabled = access.data?.can === true && organizationId !== undefined;
  const { query } = useCustom<{ rows: WarehouseRow[] }>({
    url: '/statistics/inventory',
    method: 'get',
    config: {
      query: {
        organizationId,
        groupBy: 'warehouse',
        from: dayjs().startOf('month').format('YYYY-MM-DD'),
        to: dayjs().format('YYYY-MM-DD'),
        pageSize: PAGE_SIZE,
      },
    },
    queryOptions: { enabled },
    meta: { silent: true },
  });
  useLiveRefresh(['inbounds', 'outbounds'], () => enabled && query.refetch());
  // A warehouse's rows come one per currency its SKUs are valued in.
  const warehouses = new Map<number, StockWarehouse>();
  for (const row of query.data?.data.rows ?? [])
    if (row.onHand > 0 || row.movedIn > 0 || row.movedOut > 0)
      warehouses.set(row.warehouseId, { id: row.warehouseId, name: row.warehouseName ?? `#${row.warehouseId}` });
  return {
    warehouses: enabled ? [...warehouses.values()] : [],
    loading: access.isLoading || (enabled && query.isLoading),
  };
};
