import i18n from '../providers/i18n';
import { feedback, ERROR_SECONDS } from '../providers/feedback';
import { API_BASE } from '../providers/http';
import { getToken } from '../providers/token';
import { servedName } from '../../domain/content-disposition';

/** Hands a blob to the browser as a download under the given file name. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * A file answer of the API (policy.csv, /oss/getFile): not the JSON envelope, so not through
 * `request`, but with the same token and language headers, saved under the name the answer gives
 * (an upload's own), else `fileName`. An error answer is an envelope: toasted.
 */
export const downloadApi = async (path: string, fileName: string, body?: unknown) => {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'en' };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const envelope = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    void feedback.message.error(envelope?.message || i18n.t('http.error'), ERROR_SECONDS);
    return;
  }
  saveBlob(await res.blob(), servedName(res.headers.get('content-disposition')) ?? fileName);
};
