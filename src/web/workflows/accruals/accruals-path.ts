import { pageByName } from '../../../../resources/pages';

/** The month-to-date page on an organization, and on one of its warehouses and months when given. */
export const accrualsPath = (organizationId: number, warehouseId?: number, month?: string) =>
  `${pageByName('accruals')!.path}?${new URLSearchParams({
    organizationId: String(organizationId),
    ...(warehouseId && { warehouseId: String(warehouseId) }),
    ...(month && { month }),
  })}`;
