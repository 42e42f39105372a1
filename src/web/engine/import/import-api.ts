import { isSuccessCode } from '../../../domain/codes';
import { API_BASE } from '../../providers/http';
import { currentLanguage } from '../../providers/i18n';
import { getToken } from '../../providers/token';

export type ImportCounts = Record<'created' | 'updated' | 'unchanged', Record<string, number>>;
export type ImportProblem = { sheet: string; row: number; column: string; message: string };
export type PreviewSheet = {
  resource: string;
  sheet: string;
  columns: string[];
  rows: { row: number; outcome: 'created' | 'updated' | 'unchanged'; cells: string[] }[];
};

export type ImportAnswer =
  | { ok: true; counts: ImportCounts; preview: PreviewSheet[] }
  | { ok: false; message: string; problems: ImportProblem[] };

/** Where a posted file is: the share of it sent, then (null) the server at work on it. */
export type SendProgress = (sent: number | null) => void;

/**
 * A file posted to an import route as the multipart form it takes, with the session and language
 * headers the JSON client sends. XMLHttpRequest rather than fetch: only it reports upload progress.
 */
const postFile = (path: string, file: File, as: 'json' | 'blob', progress?: SendProgress) =>
  new Promise<{ ok: boolean; body: unknown }>((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.responseType = as === 'json' ? 'json' : 'blob';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) progress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => progress?.(null);
    xhr.onload = () => resolve({ ok: xhr.status >= 200 && xhr.status < 300, body: xhr.response });
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });

/** Checks (dryRun) or imports a file: the counts and preview, or the problems with the server's message. */
export async function sendImport(
  path: string,
  file: File,
  dryRun: boolean,
  progress?: SendProgress,
): Promise<ImportAnswer> {
  const { body } = await postFile(`${path}/import${dryRun ? '?dryRun=true' : ''}`, file, 'json', progress);
  const envelope = body as { code: number; message: string; data: unknown };
  if (isSuccessCode(envelope.code)) {
    const { preview, ...counts } = envelope.data as ImportCounts & { preview: PreviewSheet[] };
    return { ok: true, counts, preview };
  }
  const errors = ((envelope.data as { errors?: ImportProblem[] } | null)?.errors ?? []).filter((e) => e.sheet);
  return { ok: false, message: envelope.message, problems: errors };
}

/** The file back with its bad cells marked, or the server's refusal as an Error. */
export async function markedFile(path: string, file: File): Promise<Blob> {
  const { ok, body } = await postFile(`${path}/import/marked`, file, 'blob');
  if (!ok) throw new Error((JSON.parse(await (body as Blob).text()) as { message: string }).message);
  return body as Blob;
}
