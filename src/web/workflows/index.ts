import { lazy } from 'react';
import type { EngineExtensions } from '../engine/detail-extensions';

/** The workflows' panels the engine's pages mount, by resource name (see EngineExtensions). */
export const workflowExtensions: EngineExtensions = {
  detail: {
    inbounds: lazy(() => import('./scan/DocumentScanPanel')),
    outbounds: lazy(() => import('./scan/DocumentScanPanel')),
    lots: lazy(() => import('./scan/LotLabelsPanel')),
    skus: lazy(() => import('./scan/LotLabelsPanel')),
    shipments: lazy(() => import('./shipments/ShipmentActions')),
    mallProducts: lazy(() => import('./orders/AddToCart')),
    orders: lazy(() => import('./orders/OrderActions')),
    deliveries: lazy(() => import('./orders/DeliveryActions')),
    feeModels: lazy(() => import('./finance/FeeModelLines')),
    bills: lazy(() => import('./finance/BillPanel')),
    expenses: lazy(() => import('./finance/ExpenseActions')),
    roles: lazy(() => import('./permissions/RoleResourcesPanel')),
    users: lazy(() => import('./permissions/UserOrganizationsPanel')),
  },
  row: {
    mallProducts: lazy(() => import('./orders/AddToCartRow')),
  },
};
