/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), 6-digit serial and a
 * check digit computed from the first ten characters.
 */
const letterValue = (c: string) => {
  // A=10 upward, skipping multiples of 11 (11, 22, 33).
  let value = 10;
  for (let code = 65; code < c.charCodeAt(0); code++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
};

export const containerCheckDigit = (first10: string): number => {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = first10[i];
    const value = /\d/.test(c) ? Number(c) : letterValue(c);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
};

export const normalizeContainerNo = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

export const isValidContainerNo = (raw: string): boolean => {
  const no = normalizeContainerNo(raw);
  return /^[A-Z]{3}[UJZ]\d{7}$/.test(no) && containerCheckDigit(no.slice(0, 10)) === Number(no[10]);
};
