import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../domain/codes';
import { IMPORT_LIMITS } from '../../domain/import-def';
import { obj, type Json } from '../contract/route-schemas';
import { documented } from '../engine/openapi';
import { AppError, badRequest } from '../errors';
import type { ImportProblem } from './check';
import { columnLabel } from './labels';

/** What every import route says of the file it takes. */
export const IMPORT_LIMITS_TEXT = `At most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB and ${IMPORT_LIMITS.rows.toLocaleString('en')} rows; no formulas.`;

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The answer's list stops here; the marked file carries every problem. */
const LISTED_PROBLEMS = 1000;

export const fileBody = obj(
  { file: { type: 'string', format: 'binary', description: 'The filled-in template (.xlsx).' } },
  ['file'],
);

export const xlsxAnswer = (summary: string, description: string, extra: Json = {}) => {
  const docs = documented({
    summary,
    description,
    ...extra,
    response: {
      200: { description: 'The workbook.', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } },
    },
  });
  return extra.body ? multipartForm(docs) : docs;
};

/** A body that is a form, not JSON: @fastify/swagger documents it under the media types in `consumes`. */
export const multipartForm = <T extends { schema: Json }>(docs: T): T => ({
  ...docs,
  schema: { ...docs.schema, consumes: ['multipart/form-data'] },
});

export async function uploaded(request: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest('validation.required', {}, 'file');
  try {
    for await (const part of request.parts())
      if (part.type === 'file' && part.fieldname === 'file') {
        const content = await part.toBuffer();
        if (content.length) return { name: part.filename, content };
      }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest('validation.fileSize', { limit: IMPORT_LIMITS.bytes / 1024 / 1024 }, 'file');
    throw error;
  }
  throw badRequest('validation.required', {}, 'file');
}

/** The 40001 of a file with problems: each as (sheet, row, column label, message) in the caller's language. */
export function refusal(request: FastifyRequest, problems: ImportProblem[]) {
  const listed = problems.slice(0, LISTED_PROBLEMS).map((p) => ({
    field: p.column?.field ?? 'file',
    key: p.key,
    params: p.params,
    at: {
      sheet: p.sheet.name,
      row: p.row,
      column: p.column ? columnLabel(p.column, request.t) : '',
    },
  }));
  return new AppError(400, Code.validation, 'import.invalid', { count: problems.length }, listed);
}

export const sendXlsx = (reply: FastifyReply, content: Buffer, name: string) =>
  reply.header('content-disposition', `attachment; filename="${name}"`).type(XLSX).send(content);
