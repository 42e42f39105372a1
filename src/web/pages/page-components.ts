import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The component of each hand-written page of resources/pages.ts, by its name; each loads when first
 * opened (split by route). tests/unit/page-components.test.ts holds these keys equal to the declared pages.
 */
export const pageComponents: Record<string, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./Dashboard')),
  cargoDashboard: lazy(() => import('./CargoDashboard')),
  reportShipment: lazy(() => import('../reports/ShipmentReportPage')),
  reportInventory: lazy(() => import('../reports/InventoryReportPage')),
  checkInventory: lazy(() => import('../workflows/stock/CheckInventoryPage')),
  scan: lazy(() => import('../workflows/scan/ScanPage')),
  cart: lazy(() => import('../workflows/orders/CartPage')),
  orderConfirm: lazy(() => import('../workflows/orders/CheckoutPage')),
  orderSuccess: lazy(() => import('../workflows/orders/OrderSuccessPage')),
  billRun: lazy(() => import('../workflows/finance/BillRunPage')),
  billPrint: lazy(() => import('../workflows/finance/BillPrintPage')),
  accruals: lazy(() => import('../workflows/accruals/AccrualsPage')),
  accrualReview: lazy(() => import('../workflows/accruals/AccrualReviewPage')),
  customize: lazy(() => import('../workflows/customize/CustomizePage')),
};
