import { lazy } from 'react';
import type { EngineExtensions } from '../engine/detail-extensions';

/** The workflows' panels the engine's pages mount, by resource name, and their actions' dialogs by name (see EngineExtensions). */
export const workflowExtensions: EngineExtensions = {
  detail: {
    inbounds: lazy(() => import('./scan/DocumentScanPanel')),
    outbounds: lazy(() => import('./scan/DocumentScanPanel')),
    returns: lazy(() => import('./scan/DocumentScanPanel')),
    counts: lazy(() => import('./scan/DocumentScanPanel')),
    lots: lazy(() => import('./scan/LotLabelsPanel')),
    skus: lazy(() => import('./scan/LotLabelsPanel')),
    mallProducts: lazy(() => import('./orders/AddToCart')),
    feeModels: lazy(() => import('./finance/FeeModelLines')),
    bills: lazy(() => import('./finance/BillPanel')),
    roles: lazy(() => import('./permissions/RoleResourcesPanel')),
    users: lazy(() => import('./permissions/UserOrganizationsPanel')),
    apiKeys: lazy(() => import('./system/RevokeKey')),
    webhooks: lazy(() => import('./system/WebhookActions')),
  },
  row: {
    mallProducts: lazy(() => import('./orders/AddToCartRow')),
    apiKeys: lazy(() => import('./system/RevokeKey')),
    webhookAttempts: lazy(() => import('./system/ResendDelivery')),
  },
  dialogs: {
    stockConfirm: lazy(() => import('./stock/StockConfirmDialog')),
    returnReceive: lazy(() => import('./returns/ReturnReceiveDialog')),
  },
};
