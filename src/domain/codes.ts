/** Business codes of the API envelope (DESIGN 3). The web client and the server share them. */
export const Code = {
  ok: 20000,
  validation: 40001,
  forbidden: 40301,
  notFound: 40401,
  conflict: 40901,
  tooLarge: 41301,
  unsupportedMedia: 41501,
  /** An Idempotency-Key sent again with another request (issue 41). */
  idempotencyKeyReused: 42201,
  rateLimited: 42901,
  internal: 50000,
  invalidToken: 50008,
  /** Kept for the web client only (SPEC 8); our server never sends it (DESIGN 8 C15). */
  otherClientLoggedIn: 50012,
  tokenExpired: 50014,
  wrongCredentials: 60204,
} as const;

/** Codes after which the web client shows the logged-out confirm box. */
export const LOGGED_OUT_CODES: number[] = [Code.invalidToken, Code.otherClientLoggedIn, Code.tokenExpired];

export const isSuccessCode = (code: unknown) => code === Code.ok || code === 0;

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
