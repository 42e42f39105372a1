// Written by scripts/declared-resources.mjs from the files of this folder that declare a resource: never edit.
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
import { contacts } from './contacts';
import { containers } from './containers';
import { countLines } from './countLines';
import { countries } from './countries';
import { counts } from './counts';
import { deliveries } from './deliveries';
import { disputes } from './disputes';
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
import { outboundTakes } from './outboundTakes';
import { outbounds } from './outbounds';
import { packings } from './packings';
import { partners } from './partners';
import { ports } from './ports';
import { productCategories } from './productCategories';
import { productLogs } from './productLogs';
import { products } from './products';
import { returnLines } from './returnLines';
import { returns } from './returns';
import { roles } from './roles';
import { shipments } from './shipments';
import { skus } from './skus';
import { suppliers } from './suppliers';
import { taxes } from './taxes';
import { users } from './users';
import { warehouses } from './warehouses';
import { webhookAttempts } from './webhookAttempts';
import { webhooks } from './webhooks';

export const declared: ResourceDef[] = [
  addresses,
  apiKeys,
  attachments,
  auditLogs,
  billLines,
  bills,
  buyers,
  changeLogs,
  communications,
  contacts,
  containers,
  countLines,
  countries,
  counts,
  deliveries,
  disputes,
  expenses,
  feeModels,
  goods,
  inboundLines,
  inbounds,
  inventory,
  lots,
  mallAddresses,
  mallProducts,
  orderLines,
  orders,
  organizations,
  outboundLines,
  outboundTakes,
  outbounds,
  packings,
  partners,
  ports,
  productCategories,
  productLogs,
  products,
  returnLines,
  returns,
  roles,
  shipments,
  skus,
  suppliers,
  taxes,
  users,
  warehouses,
  webhookAttempts,
  webhooks,
];
