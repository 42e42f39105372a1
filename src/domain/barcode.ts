/**
 * Codes printed on or scanned from goods: a SKU's barcode is an EAN-13 (its check digit verified)
 * when it is 13 digits, otherwise Code 128 text; every lot has a label code made from its id.
 */

/** GS1 mod-10: weights 1 and 3 alternate from the left over the first 12 digits. */
export const ean13CheckDigit = (first12: string): number => {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
};

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** Code 128 encodes printable ASCII; a scanner types back exactly these characters. */
const CODE128_TEXT = /^[\x20-\x7e]{1,48}$/;

export const isValidBarcode = (code: string): boolean =>
  /^\d{13}$/.test(code) ? isValidEan13(code) : CODE128_TEXT.test(code) && code.trim() === code;

/** bwip-js's symbology for a stored barcode. */
export const barcodeSymbology = (code: string): 'ean13' | 'code128' => (/^\d{13}$/.test(code) ? 'ean13' : 'code128');

/** A lot's label code: stable for the lot's life and never a valid SKU barcode of 13 digits. */
export const lotCode = (lotId: number) => `L${lotId}`;

/** The lot id a scanned label names, or undefined when the text is no lot label. */
export const lotIdOfCode = (code: string): number | undefined => {
  const match = /^L([1-9]\d{0,9})$/i.exec(code.trim());
  return match ? Number(match[1]) : undefined;
};
