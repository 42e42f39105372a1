/**
 * Money and line totals (SPEC 5, DESIGN 6): exact decimal arithmetic on strings scaled to integers,
 * never float sums, so 0.1 + 0.2 is 0.30 and large totals stay exact.
 */

export const PRICE_TYPE_PER_PIECE = 1;

const SCALE = 4;

const toScaled = (value: string | number): bigint => {
  const text = typeof value === 'number' ? value.toFixed(SCALE) : value.trim();
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) throw new Error(`not a decimal: ${value}`);
  const frac = (match[3] ?? '').padEnd(SCALE, '0');
  const rounded = BigInt((match[2] || '0') + frac.slice(0, SCALE)) + (Number(frac[SCALE] ?? '0') >= 5 ? 1n : 0n);
  return match[1] ? -rounded : rounded;
};

const fromScaled = (value: bigint, decimals: number): string => {
  const negative = value < 0n;
  let abs = negative ? -value : value;
  const drop = SCALE - decimals;
  if (drop > 0) {
    const unit = 10n ** BigInt(drop);
    abs = (abs + unit / 2n) / unit;
  }
  const digits = abs.toString().padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative && abs !== 0n ? `-${text}` : text;
};

const mul = (a: bigint, b: bigint) => (a * b) / 10n ** BigInt(SCALE);

/** Sum of decimals as a string with `decimals` places. */
export const sumDecimals = (values: (string | number)[], decimals = 2) =>
  fromScaled(
    values.reduce<bigint>((acc, v) => acc + toScaled(v), 0n),
    decimals,
  );

/**
 * Line total: price type 1 is unit price x quantity; any other price type is
 * unit price x quantity x the SKU's own quantity (content per piece).
 */
export const lineTotal = (
  unitPrice: string | number,
  quantity: string | number,
  priceType: number = PRICE_TYPE_PER_PIECE,
  skuQuantity: string | number = 1,
): string => {
  let total = mul(toScaled(unitPrice), toScaled(quantity));
  if (priceType !== PRICE_TYPE_PER_PIECE) total = mul(total, toScaled(skuQuantity));
  return fromScaled(total, 2);
};

/** Product of decimals (pallets x days x unit price), rounded once, to `decimals` places. */
export const productDecimals = (factors: (string | number)[], decimals = 2) =>
  fromScaled(
    factors.reduce<bigint>((acc, f) => mul(acc, toScaled(f)), toScaled(1)),
    decimals,
  );

/** a - b with `decimals` places. */
export const differenceDecimals = (a: string | number, b: string | number, decimals = 2) =>
  fromScaled(toScaled(a) - toScaled(b), decimals);

/** -1, 0 or 1 as a is below, equal to or above b. */
export const compareDecimals = (a: string | number, b: string | number) => {
  const d = toScaled(a) - toScaled(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
