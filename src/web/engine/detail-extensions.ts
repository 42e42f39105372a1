import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { ResourceDef } from '../../domain/resource';

export interface DetailExtensionProps {
  def: ResourceDef;
  record: BaseRecord;
}

/**
 * Hand-written panels a generated detail page mounts for one resource, by name: the parts of a
 * record that are not its fields (a role's grants, a user's managed organizations).
 */
export const detailExtensions: Record<string, LazyExoticComponent<ComponentType<DetailExtensionProps>>> = {
  inbounds: lazy(() => import('../workflows/scan/DocumentScanPanel')),
  outbounds: lazy(() => import('../workflows/scan/DocumentScanPanel')),
  lots: lazy(() => import('../workflows/scan/LotLabelsPanel')),
  skus: lazy(() => import('../workflows/scan/LotLabelsPanel')),
  shipments: lazy(() => import('../workflows/shipments/ShipmentActions')),
  mallProducts: lazy(() => import('../workflows/orders/AddToCart')),
  orders: lazy(() => import('../workflows/orders/OrderActions')),
  deliveries: lazy(() => import('../workflows/orders/DeliveryActions')),
  feeModels: lazy(() => import('../workflows/finance/FeeModelLines')),
  bills: lazy(() => import('../workflows/finance/BillPanel')),
  expenses: lazy(() => import('../workflows/finance/ExpenseActions')),
  roles: lazy(() => import('../workflows/permissions/RoleResourcesPanel')),
  users: lazy(() => import('../workflows/permissions/UserOrganizationsPanel')),
};

/** A hand-written control a generated list shows beside a row's buttons (the catalogue's Add to cart). */
export const rowExtensions: Record<string, LazyExoticComponent<ComponentType<DetailExtensionProps>>> = {
  mallProducts: lazy(() => import('../workflows/orders/AddToCartRow')),
};
