import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParams } from '../contract/route-schemas';
import type { ImportProblem } from './check';
import { fileBody, IMPORT_LIMITS_TEXT, sendXlsx, uploaded, xlsxAnswer } from './http';
import { markedWorkbook } from './marked';
import { loadWorkbook } from './read';

type Request = FastifyRequest<{ Params: { id?: string } }>;

/**
 * `POST <path>` answering the uploaded file with each bad cell filled red and its messages as the
 * cell's comment: one route for every kind of import, which only says how its file is checked.
 */
export function markedRoute(
  app: FastifyInstance,
  path: string,
  config: { config: { permission: string } },
  problemsOf: (request: Request, book: ExcelJS.Workbook) => Promise<ImportProblem[]>,
  withId = false,
) {
  app.post<{ Params: { id?: string } }>(
    path,
    {
      ...config,
      ...xlsxAnswer(
        'The uploaded file with its problems marked',
        `The same file, each bad cell filled red with its messages (in the Accept-Language language) as the cell's comment; a file without problems comes back as sent. A file that cannot be read at all answers 40001 as the import does. ${IMPORT_LIMITS_TEXT}`,
        withId ? { body: fileBody, params: idParams } : { body: fileBody },
      ),
    },
    async (request, reply) => {
      const file = await uploaded(request);
      const book = await loadWorkbook(file.content, false);
      const problems = await problemsOf(request, book);
      return sendXlsx(reply, await markedWorkbook(book, problems, request.t), file.name.replace(/[^\w.-]/g, '_'));
    },
  );
}
