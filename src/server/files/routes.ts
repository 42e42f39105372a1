import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { int, obj, routeSchemas, str, type Json } from '../contract/route-schemas';
import { documented } from '../engine/openapi';
import { viewerOf } from '../engine/scope';
import { Code } from '../../domain/codes';
import { AppError, badRequest, notFound } from '../errors';
import { canReadFile } from './file-access';
import { contentDisposition } from '../../domain/content-disposition';
import { STORED_FILE_PATTERN } from '../../domain/stored-file';
import { uploadedName } from './file-names';
import { detectFileType, fileTypeOfExtension, officeExtension, storedMimeTypes } from './file-types';
import type { FileUrlSigner } from './signed-urls';
import type { FileStorage } from './storage';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const FOLDER = /^[A-Za-z0-9-]{1,40}$/;
/** The shape of a path /oss/upload hands out: anything else was never stored here. */
export const STORED_PATH = new RegExp(STORED_FILE_PATTERN);

// Asked for, any other shape is a 404 like a missing file, so only answers carry the pattern.
export const storedPath = (description: string): Json => ({ ...str(description), maxLength: 200 });

const upload = routeSchemas({
  summary: 'Upload a file',
  description: `One image (png, jpg, gif, webp), PDF or Office file of up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, recognised by its first bytes; anything else answers 40001. A record's file or image field then holds the answered path.`,
  body: obj(
    {
      file: { type: 'string', format: 'binary', description: 'The file.' },
      folder: { ...str('Where to keep it; `files` when not sent.'), pattern: FOLDER.source, default: 'files' },
    },
    ['file'],
  ),
  answer: obj(
    {
      path: { ...storedPath('What a record stores, and /oss/getFile takes.'), pattern: STORED_PATH.source },
      url: str('Where /oss/files serves it, for an <img>.'),
      name: str('The name the file was sent with, kept with it: downloads and records show it.'),
      size: int('Bytes.'),
    },
    ['path', 'url', 'name', 'size'],
  ),
});
// The body is a form, not JSON: @fastify/swagger documents it under the media types in `consumes`.
const uploadSchemas = { ...upload, schema: { ...upload.schema, consumes: ['multipart/form-data'] } };

/** A stored file as it is sent back: images inline, everything else as an attachment. */
const fileAnswer = (summary: string, description: string, params?: Json, body?: Json, querystring?: Json) =>
  documented({
    summary,
    description: `${description} Without the right to read a record referencing the file (or having uploaded it) the answer is 40401, as for a missing file.`,
    ...(params && { params }),
    ...(body && { body }),
    ...(querystring && { querystring }),
    response: {
      200: {
        description: 'The file, with its type; images inline, others as an attachment.',
        content: Object.fromEntries(
          storedMimeTypes.map((mime) => [mime, { schema: { type: 'string', format: 'binary' } }]),
        ),
      },
    },
  });

const getFileBody = obj({ path: storedPath('The path /oss/upload answered.') }, ['path']);

/**
 * POST /oss/upload (multipart `file`, `folder`) -> { path, url }, and the two ways back: /oss/getFile
 * for a download, /oss/files/<path> for images in <img>, by a URL /oss/sign signed (an <img> sends
 * no header) or with a bearer token. Either needs the right to read a record referencing the file
 * (or having uploaded it); anything else is a 404, as for a missing file. Everything but images is
 * sent as an attachment, and nothing is ever served as HTML.
 */
export async function fileRoutes(app: FastifyInstance, storage: FileStorage, signer: FileUrlSigner, prefix: string) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  const send = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!STORED_PATH.test(path)) throw notFound();
    const user = request.user!;
    if (
      !(await canReadFile(
        app.db,
        app.policy,
        user,
        await viewerOf(app.db, app.policy, user),
        path,
        `${prefix}/oss/files`,
      ))
    )
      throw notFound();
    return serve(reply, path);
  };

  const serve = async (reply: FastifyReply, path: string) => {
    const content = await storage.get(path);
    const type = fileTypeOfExtension(path.replace(/\.(xlsx|docx|pptx)$/, '.zip'));
    if (!content || !type) throw notFound();
    const [stored] = await app.db.query<{ name: string | null }>('SELECT name FROM stored_files WHERE path = $1', [
      path,
    ]);
    return reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', contentDisposition(type.inline, stored?.name || path.split('/').pop()!))
      .type(type.mime)
      .send(content);
  };

  app.post('/oss/upload', uploadSchemas, async (request) => {
    let folder = 'files';
    let file: { filename: string; content: Buffer } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') file = { filename: part.filename, content: await part.toBuffer() };
        else if (part.fieldname === 'folder') folder = String(part.value);
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw badRequest('validation.fileSize', { limit: MAX_UPLOAD_BYTES / 1024 / 1024 }, 'file');
      throw error;
    }
    if (!FOLDER.test(folder)) throw badRequest('validation.pattern', {}, 'folder');
    if (!file?.content.length) throw badRequest('validation.required', {}, 'file');
    const type = detectFileType(file.content);
    if (!type) throw badRequest('validation.fileType', {}, 'file');
    const ext = type.ext === 'zip' ? (officeExtension(file.filename) ?? 'zip') : type.ext;
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const path = `${folder}/${month}/${randomUUID()}.${ext}`;
    await storage.put(path, file.content);
    const name = uploadedName(file.filename, ext);
    await app.db.query('INSERT INTO stored_files(path, uploaded_by, name, api_key_id) VALUES ($1, $2, $3, $4)', [
      path,
      request.user!.id,
      name,
      request.user!.apiKeyId ?? null,
    ]);
    return { path, url: `${prefix}/oss/files/${path}`, name, size: file.content.length };
  });

  app.post<{ Body: { path: string } }>(
    '/oss/getFile',
    fileAnswer(
      'Download a file',
      'The file at a stored path, as an attachment unless an image.',
      undefined,
      getFileBody,
    ),
    async (request, reply) => send(request, reply, (request.body as { path: string }).path),
  );

  // The three segments of a stored path (folder/month/name.ext) are named, not one wildcard: an
  // OpenAPI path template cannot hold a slash, so a generated client can build these URLs.
  app.get<{
    Params: { folder: string; month: string; name: string };
    Querystring: { expires?: unknown; signature?: unknown };
  }>(
    '/oss/files/:folder/:month/:name',
    {
      config: { signedUrl: true },
      ...fileAnswer(
        'A file by its URL',
        'For images in <img>: the URL /oss/sign answered serves the file without a session until it expires; a wrong, altered or expired signature answers 40401. API clients may send their bearer token instead.',
        obj(
          {
            folder: { ...str('The folder the file was uploaded to.'), maxLength: 40 },
            month: { ...str('The month of the upload, as YYYYMM.'), maxLength: 6 },
            name: { ...str("The stored file's name."), maxLength: 60 },
          },
          ['folder', 'month', 'name'],
        ),
        undefined,
        obj({
          expires: {
            ...str('When the signature stops holding, in seconds since 1970, as /oss/sign answered it.'),
            pattern: '^[1-9][0-9]{0,11}$',
          },
          signature: { ...str('The signature /oss/sign answered with the URL.'), maxLength: 100 },
        }),
      ),
    },
    async (request, reply) => {
      const { folder, month, name } = request.params;
      const path = `${folder}/${month}/${name}`;
      const { expires, signature } = request.query;
      if (STORED_PATH.test(path) && signer.verify(path, expires, signature)) return serve(reply, path);
      if (request.user) return send(request, reply, path);
      if (expires !== undefined || signature !== undefined) throw notFound();
      throw new AppError(401, Code.invalidToken, 'errors.invalidToken');
    },
  );
}
