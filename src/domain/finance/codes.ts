/**
 * Finance value sets (SPEC 3 and issue 16). Labels live in locales/<lang>/finance.json under
 * `enums.<name>.<code>`; the schemas repeat the codes.
 */
export const FeeType = { storage: 1, inbound: 2, outbound: 3, transport: 4, total: 9 } as const;

export const SubFeeType = {
  dailyStorage: 101,
  unloading: 201,
  palletLoading: 202,
  /** Receiving a return (issue 42): inbound work, priced per return. */
  returnHandling: 203,
  palletSplitting: 301,
  packing: 302,
  pickup: 401,
  roadTransport: 402,
  /** A disputed line's credit (issue 43): an expense of its own, never priced by a fee model. */
  disputeCredit: 901,
} as const;

/** Quantity units: what one unit of a price counts. */
export const FeeUnit = { palletDay: 1, container: 2, pallet: 3, order: 4 } as const;

/** Segment type 1 bands a pallet's age in days, type 2 the count of an event (the n-th pallet). */
export const SegmentType = { day: 1, count: 2 } as const;

/** Bill states (DESIGN 5): 0 draft -> 3 issued -> 6 paid; 0/3 -> 1 cancelled. */
export const BillStatus = { draft: 0, cancelled: 1, issued: 3, paid: 6 } as const;

/** Expense states: 0 open (maybe on a draft bill), 3 billed (its bill was issued), 1 void. */
export const ExpenseStatus = { open: 0, void: 1, billed: 3 } as const;

/** Where an expense came from. */
export const ExpenseSource = { inbound: 1, outbound: 2, delivery: 3, dispute: 4, return: 5, manual: 9 } as const;

/** Dispute states (issue 43): 0 open -> 3 accepted (a credit on the next bill) or 1 rejected. */
export const DisputeStatus = { open: 0, rejected: 1, accepted: 3 } as const;

/** The fee type each sub type belongs to; pallet loading (202) is outbound work, like splitting and packing. */
const FEE_TYPE_OF_SUB_TYPE: Record<number, number> = {
  101: 1,
  201: 2,
  202: 3,
  203: 2,
  301: 3,
  302: 3,
  401: 4,
  402: 4,
  901: 9,
};

export const feeTypeOfSubType = (subType: number) => FEE_TYPE_OF_SUB_TYPE[subType] ?? FeeType.total;

/**
 * The units each sub type may be priced in: those its event counts (an inbound confirm counts
 * containers and pallets, an outbound confirm pallets and the order, a dispatch the order), so a
 * fee model line never prices a unit that no event would ever charge.
 */
const UNITS_OF_SUB_TYPE: Record<number, number[]> = {
  101: [FeeUnit.palletDay],
  201: [FeeUnit.container, FeeUnit.pallet],
  202: [FeeUnit.pallet, FeeUnit.order],
  203: [FeeUnit.order],
  301: [FeeUnit.container, FeeUnit.pallet, FeeUnit.order],
  302: [FeeUnit.container, FeeUnit.pallet, FeeUnit.order],
  401: [FeeUnit.order],
  402: [FeeUnit.order],
};

export const unitFitsSubType = (subType: number, unit: number) => UNITS_OF_SUB_TYPE[subType]?.includes(unit) ?? false;

export const financeEnums = {
  feeType: [1, 2, 3, 4, 9],
  subFeeType: [101, 201, 202, 203, 301, 302, 401, 402, 901],
  feeUnit: [1, 2, 3, 4],
  segmentType: [1, 2],
  billStatus: [0, 1, 3, 6],
  billLanguage: ['en', 'zh', 'es', 'ja'],
  expenseStatus: [0, 1, 3],
  expenseSource: [1, 2, 3, 4, 5, 9],
  disputeStatus: [0, 1, 3],
} as const;
