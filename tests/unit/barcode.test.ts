import { describe, expect, it } from 'vitest';
import containers from '../../schemas/containers.json';
import skus from '../../schemas/skus.json';
import { ean13CheckDigit, isValidBarcode, isValidEan13, lotCode, lotIdOfCode } from '../../src/domain/barcode';
import { validateSchema } from '../../src/web/engine/schema-validator';

describe('EAN-13 check digits', () => {
  it('computes the check digit of real EAN-13 numbers', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('978020137962')).toBe(4);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('accepts good numbers and refuses a wrong digit or shape', () => {
    for (const code of ['4006381333931', '5901234123457', '9780201379624']) expect(isValidEan13(code)).toBe(true);
    for (const code of ['4006381333932', '5901234123450', '978020137962', '97802013796245', '400638133393a'])
      expect(isValidEan13(code)).toBe(false);
  });
});

describe('SKU barcodes', () => {
  it('checks 13 digits as EAN-13 and takes other printable text as Code 128', () => {
    expect(isValidBarcode('4006381333931')).toBe(true);
    expect(isValidBarcode('4006381333932')).toBe(false);
    expect(isValidBarcode('ABC-123/x')).toBe(true);
    expect(isValidBarcode('123456789012')).toBe(true);
    for (const code of ['', ' ABC', 'ABC ', '商品', 'A\tB', 'x'.repeat(49)]) expect(isValidBarcode(code)).toBe(false);
  });
});

describe('lot label codes', () => {
  it('reads back the lot id of its own code and nothing else', () => {
    expect(lotIdOfCode(lotCode(42))).toBe(42);
    expect(lotIdOfCode(' l7 ')).toBe(7);
    for (const code of ['L', 'L0', 'L01', '42', 'LX1', 'L12345678901', '4006381333931'])
      expect(lotIdOfCode(code)).toBeUndefined();
  });
});

describe('the forms check codes before any round trip', () => {
  const fieldErrors = (schema: object, record: object) =>
    validateSchema({ ...schema, $id: undefined } as never, record).map((e) => [e.property, e.name]);

  it('refuses a SKU barcode with a wrong EAN-13 check digit and a container number with a wrong ISO 6346 one', () => {
    expect(
      fieldErrors({ type: 'object', properties: { barcode: skus.properties.barcode } }, { barcode: '4006381333932' }),
    ).toEqual([['.barcode', 'format']]);
    expect(
      fieldErrors({ type: 'object', properties: { barcode: skus.properties.barcode } }, { barcode: '4006381333931' }),
    ).toEqual([]);
    const containerNo = { type: 'object', properties: { containerNo: containers.properties.containerNo } };
    expect(fieldErrors(containerNo, { containerNo: 'CSQU3054384' })).toEqual([['.containerNo', 'format']]);
    expect(fieldErrors(containerNo, { containerNo: 'csqu 305438 3' })).toEqual([]);
  });
});
