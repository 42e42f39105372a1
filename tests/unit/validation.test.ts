import { describe, expect, it } from 'vitest';
import {
  checkPasswordChange,
  isEmpty,
  isExternalLink,
  isPositiveInteger,
  isPositiveNumber,
  normalizeUsername,
} from '../../src/domain/validation';

describe('SPEC 5 rules', () => {
  it('isEmpty: empty string, null, undefined, empty object or array', () => {
    for (const value of ['', null, undefined, {}, []]) expect(isEmpty(value)).toBe(true);
    for (const value of [0, ' ', 'a', { a: 1 }, [0], false]) expect(isEmpty(value)).toBe(false);
  });

  it('isPositiveNumber: non-empty, numeric, greater than 0', () => {
    for (const value of [1, '1', '0.5', 2.75, '1e3', '.5']) expect(isPositiveNumber(value)).toBe(true);
    for (const value of [0, '0', -1, '-2', '', null, 'abc', '1a', true, ' ', '0.0'])
      expect(isPositiveNumber(value)).toBe(false);
  });

  it('isPositiveInteger: digits only, not starting with 0', () => {
    for (const value of [1, '7', '10', '123456']) expect(isPositiveInteger(value)).toBe(true);
    for (const value of [0, '0', '01', '1.5', '-3', '', null, 'x', ' 1', true])
      expect(isPositiveInteger(value)).toBe(false);
  });

  it('isExternalLink: http(s):, mailto: or tel:', () => {
    for (const link of ['https://a.cn', 'http://x', 'mailto:a@b.c', 'tel:+86123'])
      expect(isExternalLink(link)).toBe(true);
    for (const link of ['/dashboard', 'ftp://x', 'www.a.com', 'javascript:alert(1)'])
      expect(isExternalLink(link)).toBe(false);
  });

  it('trims the user name at login', () => {
    expect(normalizeUsername('  admin\t')).toBe('admin');
  });

  it('checks a password change field by field', () => {
    expect(checkPasswordChange({ oldPwd: 'abcdef', newPwd: 'ghijkl', confirmPwd: 'ghijkl' })).toEqual([]);
    expect(checkPasswordChange({})).toEqual([
      { field: 'oldPwd', problem: 'required' },
      { field: 'newPwd', problem: 'required' },
      { field: 'confirmPwd', problem: 'required' },
    ]);
    expect(checkPasswordChange({ oldPwd: '12345', newPwd: '123', confirmPwd: '123' })).toEqual([
      { field: 'oldPwd', problem: 'passwordLength' },
      { field: 'newPwd', problem: 'passwordLength' },
    ]);
    expect(checkPasswordChange({ oldPwd: '123456', newPwd: '1234567', confirmPwd: '7654321' })).toEqual([
      { field: 'confirmPwd', problem: 'passwordMismatch' },
    ]);
  });
});
