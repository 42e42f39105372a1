import type { FastifyInstance } from 'fastify';
import { arrayOf, fullObj, int, orNull, routeSchemas, str } from '../contract/route-schemas';
import { viewerOf } from '../engine/scope';
import { readableFiles } from './file-access';
import { STORED_PATH, storedPath } from './routes';
import type { FileUrlSigner } from './signed-urls';

/** About the images of a few list pages: a page asks once for all it shows. */
export const MAX_SIGNED_PATHS = 200;

const body = fullObj({
  paths: {
    ...arrayOf(
      storedPath('A stored path, as in the `url` /oss/upload answered after `/oss/files/`.'),
      'The files to sign URLs for.',
    ),
    maxItems: MAX_SIGNED_PATHS,
  },
});

const schemas = routeSchemas({
  summary: 'Sign URLs for images',
  description:
    'A URL per path that /oss/files serves without a session (for <img>, which sends no header) until `expires`; null for a path the caller may not read (where /oss/getFile would answer 40401).',
  body,
  checkedBy: 'schema',
  answer: fullObj({
    urls: arrayOf(orNull(str('The signed URL, to use as is.')), 'In the order of `paths`.'),
    expires: int('When the URLs stop working, in seconds since 1970.'),
  }),
});

/** POST /oss/sign { paths } -> { urls, expires }: the read right is checked here, for all paths at once. */
export function signRoute(app: FastifyInstance, signer: FileUrlSigner, prefix: string) {
  app.post('/oss/sign', schemas, async (request) => {
    const { paths } = request.body as { paths: string[] };
    const user = request.user!;
    const viewer = await viewerOf(app.db, app.policy, user);
    const now = Date.now();
    const readable = await readableFiles(
      app.db,
      app.policy,
      user,
      viewer,
      paths.filter((path) => STORED_PATH.test(path)),
      `${prefix}/oss/files`,
    );
    return {
      urls: paths.map((path) => (readable.has(path) ? signer.sign(path, now).url : null)),
      expires: Math.floor(now / 1000) + signer.ttlSeconds,
    };
  });
}
