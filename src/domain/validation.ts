/** SPEC 5 validation rules: pure predicates used by forms and by the server. */

export const PASSWORD_MIN_LENGTH = 6;

export const isEmpty = (value: unknown): boolean => {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
};

/** Non-empty, numeric and greater than 0. */
export const isPositiveNumber = (value: unknown): boolean => {
  if (isEmpty(value) || typeof value === 'boolean') return false;
  const text = String(value).trim();
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return false;
  return Number(text) > 0;
};

/** Digits only, not starting with 0. */
export const isPositiveInteger = (value: unknown): boolean =>
  typeof value !== 'boolean' && !isEmpty(value) && /^[1-9]\d*$/.test(String(value));

export const isExternalLink = (path: string): boolean => /^(https?:|mailto:|tel:)/.test(path);

export const normalizeUsername = (username: string) => username.trim();

export type PasswordProblem = 'required' | 'passwordLength' | 'passwordMismatch';

/** The change-password form's rules, field by field; the server applies the same ones. */
export const checkPasswordChange = (input: { oldPwd?: string; newPwd?: string; confirmPwd?: string }) => {
  const problems: { field: 'oldPwd' | 'newPwd' | 'confirmPwd'; problem: PasswordProblem }[] = [];
  for (const field of ['oldPwd', 'newPwd', 'confirmPwd'] as const) {
    const value = input[field];
    if (isEmpty(value)) problems.push({ field, problem: 'required' });
    else if (field !== 'confirmPwd' && String(value).length < PASSWORD_MIN_LENGTH)
      problems.push({ field, problem: 'passwordLength' });
  }
  if (!isEmpty(input.confirmPwd) && !problems.some((p) => p.field === 'newPwd') && input.confirmPwd !== input.newPwd)
    problems.push({ field: 'confirmPwd', problem: 'passwordMismatch' });
  return problems;
};
