import { financeEnums } from './finance/codes';

/**
 * Value lists of SPEC 3 and DESIGN 8. Labels live in locales/ as `enums.<name>.<code>`; schemas
 * repeat the codes in their `enum` (JSON cannot import), and a unit test keeps the two equal.
 */
export const enums = {
  status: [0, 1],
  /** An API key: 1 active, 2 revoked, 3 expired (computed, never stored). */
  apiKeyStatus: [1, 2, 3],
  addressStatus: [0, 1],
  /** Why the dispatcher switched a webhook endpoint off: 1 answered 410 Gone, 2 failing for three days. */
  webhookDisabledReason: [1, 2],
  organizationLevel: [1, 2, 3],
  communicationType: [1, 2, 3, 4],
  hazardousClass: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  chargeUnit: [1, 2, 3, 4, 5],
  packingType: [1, 2, 3, 4, 5],
  currency: [1, 2, 3],
  quantityUnit: [1, 2, 3, 4, 5, 6, 7, 8],
  priceType: [1, 2],
  warehouseStatus: [0, 3, 6],
  partnerType: [1, 2, 3, 4, 5, 9],
  transportPacking: [1],
  inboundStatus: [0, 1, 2, 3, 6],
  outboundStatus: [0, 1, 2, 3, 6],
  inboundType: [1, 2],
  outboundType: [1],
  changeType: [1, 2, 3, 4, 5, 6, 7, 8],
  productEvent: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  shipmentType: [1, 2, 3, 4, 5],
  shipmentMode: [1, 2, 3, 4],
  incoterms: ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'],
  containerType: ['20GP', '40GP', '40HQ', '45HQ', '20RF', '40RF'],
  attachmentType: [1, 2, 3, 9],
  orderStatus: [0, 1, 2, 3, 6, 9, 12, 15, 18, 21],
  deliveryStatus: [0, 2, 3, 6],
  deliveryType: [1, 2],
  /** A return (RMA, issue 42): src/domain/return-flow.ts. */
  returnStatus: [0, 1, 2, 3, 4, 6],
  /** Why a return's goods came back: 1 damaged, 2 wrong item, 3 unwanted, 9 other (the codebase's "other"). */
  returnReason: [1, 2, 3, 9],
  lotHold: [0, 1, 3],
  /** A cycle count (issue 42): src/domain/count-flow.ts. */
  countStatus: [0, 1, 3, 4, 6],
  ...financeEnums,
} as const;
