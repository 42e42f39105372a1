import { API_BASE } from '../../providers/http';
import { currentLanguage } from '../../providers/i18n';
import { getToken } from '../../providers/token';

export type ImportCounts = Record<'created' | 'updated' | 'unchanged', Record<string, number>>;
export type ImportProblem = { sheet: string; row: number; column: string; message: string };

export type ImportAnswer =
  { ok: true; counts: ImportCounts } | { ok: false; message: string; problems: ImportProblem[] };

/**
 * A file posted to an import route as the multipart form it takes, with the session and language
 * headers the JSON client sends (the client itself speaks JSON only).
 */
const postFile = (path: string, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = token;
  return fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form });
};

/** Checks (dryRun) or imports a file: the counts, or the problems with the server's message. */
export async function sendImport(api: string, file: File, dryRun: boolean): Promise<ImportAnswer> {
  const res = await postFile(`${api}/import${dryRun ? '?dryRun=true' : ''}`, file);
  const envelope = (await res.json()) as { code: number; message: string; data: unknown };
  if (envelope.code === 20000) return { ok: true, counts: envelope.data as ImportCounts };
  const errors = ((envelope.data as { errors?: ImportProblem[] } | null)?.errors ?? []).filter((e) => e.sheet);
  return { ok: false, message: envelope.message, problems: errors };
}

/** The file back with its bad cells marked, or the server's refusal as an Error. */
export async function markedFile(api: string, file: File): Promise<Blob> {
  const res = await postFile(`${api}/import/marked`, file);
  if (!res.ok) throw new Error(((await res.json()) as { message: string }).message);
  return res.blob();
}
