import type { ResourceDef } from '../src/domain/resource';
import { addresses } from './addresses';
import { apiKeys } from './apiKeys';
import { attachments } from './attachments';
import { auditLogs } from './auditLogs';
import { billLines } from './billLines';
import { bills } from './bills';
import { buyers } from './buyers';
import { changeLogs } from './changeLogs';
import { communications } from './communications';
import { containers } from './containers';
import { contacts } from './contacts';
import { countries } from './countries';
import { deliveries } from './deliveries';
import { expenses } from './expenses';
import { feeModels } from './feeModels';
import { goods } from './goods';
import { inboundLines } from './inboundLines';
import { inbounds } from './inbounds';
import { inventory } from './inventory';
import { lots } from './lots';
import { mallAddresses } from './mallAddresses';
import { mallProducts } from './mallProducts';
import { orderLines } from './orderLines';
import { orders } from './orders';
import { organizations } from './organizations';
import { outboundLines } from './outboundLines';
import { outbounds } from './outbounds';
import { outboundTakes } from './outboundTakes';
import { packings } from './packings';
import { partners } from './partners';
import { ports } from './ports';
import { productCategories } from './productCategories';
import { productLogs } from './productLogs';
import { products } from './products';
import { roles } from './roles';
import { shipments } from './shipments';
import { skus } from './skus';
import { suppliers } from './suppliers';
import { taxes } from './taxes';
import { users } from './users';
import { warehouses } from './warehouses';
import { webhookAttempts } from './webhookAttempts';
import { webhooks } from './webhooks';

/**
 * Every declared resource; the server mounts CRUD for each, the web generates its pages. Order
 * matters for tables: a resource comes after the ones it references.
 */
export const resources: ResourceDef[] = [
  countries,
  ports,
  partners,
  organizations,
  contacts,
  addresses,
  communications,
  buyers,
  suppliers,
  warehouses,
  productCategories,
  products,
  skus,
  packings,
  taxes,
  inbounds,
  inboundLines,
  outbounds,
  outboundLines,
  inventory,
  lots,
  outboundTakes,
  changeLogs,
  productLogs,
  mallProducts,
  mallAddresses,
  orders,
  orderLines,
  deliveries,
  feeModels,
  bills,
  expenses,
  billLines,
  shipments,
  containers,
  goods,
  attachments,
  roles,
  users,
  apiKeys,
  webhooks,
  webhookAttempts,
  auditLogs,
];

export const resourceByName = (name: string) => resources.find((r) => r.name === name);
