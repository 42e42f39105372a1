import type { ResourceHooks } from '../engine/hooks';
import { addressesHooks } from './addresses';
import { containersHooks } from './containers';
import { countsHooks } from './counts';
import { expensesHooks } from '../workflows/finance/expenses';
import { feeModelsHooks } from '../workflows/finance/fee-models';
import { goodsHooks } from './goods';
import { organizationsHooks } from './organizations';
import { rolesHooks } from './roles';
import { shipmentsHooks } from './shipments';
import { apiKeysHooks } from './api-keys';
import { skusHooks } from './skus';
import { usersHooks } from './users';
import { warehousesHooks } from './warehouses';
import { webhooksHooks } from './webhooks';

/** Server-side hooks by resource name; resources without an entry are plain CRUD. */
export const hooksByResource: Record<string, ResourceHooks> = {
  addresses: addressesHooks,
  apiKeys: apiKeysHooks,
  mallAddresses: addressesHooks,
  containers: containersHooks,
  counts: countsHooks,
  expenses: expensesHooks,
  feeModels: feeModelsHooks,
  goods: goodsHooks,
  organizations: organizationsHooks,
  roles: rolesHooks,
  shipments: shipmentsHooks,
  skus: skusHooks,
  users: usersHooks,
  warehouses: warehousesHooks,
  webhooks: webhooksHooks,
};
