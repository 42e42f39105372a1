import { LOGGED_OUT_CODES } from '../../../domain/codes';

/**
 * What a batch's failed request means for the scans in it: the network is away (`offline`), the
 * session ended (`signedOut`, kept until the worker signs in again), the server could not take it
 * now (`later`), or it refused the batch as a whole (`refused`: the document is gone or not the
 * worker's), which no retry changes, so its scans go to the tray rather than block the log.
 */
export type SendFailure = 'offline' | 'signedOut' | 'later' | 'refused';

export function sendFailure(error: { statusCode?: number; code?: number }): SendFailure {
  const status = error.statusCode;
  if (status === undefined) return 'later';
  if (status === 0) return 'offline';
  if (status === 401 || LOGGED_OUT_CODES.includes(error.code ?? 0)) return 'signedOut';
  if (status >= 500 || status === 408 || status === 409 || status === 429) return 'later';
  return 'refused';
}
