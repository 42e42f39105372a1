import { Code } from '../domain/codes';

/**
 * A failure the client should see: HTTP status, business code and a translation key
 * (with params) that the envelope plugin renders in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly errors?: {
      field: string;
      key: string;
      params?: Record<string, unknown>;
      /** Where in an imported file (issue 27): the sheet, Excel's row number and the column's header. */
      at?: { sheet: string; row: number; column: string };
    }[],
  ) {
    super(key);
  }
}

export type FieldProblem = NonNullable<AppError['errors']>[number];

export const validationError = (errors: FieldProblem[]) =>
  new AppError(400, Code.validation, 'errors.validation', {}, errors);

export const badRequest = (key: string, params: Record<string, unknown> = {}, field?: string) =>
  new AppError(400, Code.validation, key, params, field ? [{ field, key, params }] : undefined);

export const notFound = () => new AppError(404, Code.notFound, 'errors.notFound');
export const forbidden = () => new AppError(403, Code.forbidden, 'errors.forbidden');
export const conflict = (key = 'errors.conflict', params: Record<string, unknown> = {}) =>
  new AppError(409, Code.conflict, key, params);
