import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { buttonPermission } from '../../domain/resource';
import { DocStatus } from '../../domain/stock-flow';
import { recordId, requestViewer } from '../engine/crud';
import { findRecord } from '../engine/records';
import { conflict, notFound, validationError } from '../errors';
import { STORED_PATH } from '../files/routes';
import { storedFileName } from '../files/stored-file-name';
import { audit } from './documents';
import { idParams, obj, recordOf, routeSchemas } from '../contract/route-schemas';

/**
 * The proof of delivery of an inbound or outbound: a file uploaded through /oss, attached in any
 * state but cancelled (it usually arrives after the goods). Saving without a file is refused.
 */
export function podRoutes(app: FastifyInstance, resourceName: 'inbounds' | 'outbounds') {
  const r = resourceByName(resourceName)!;
  const schemas = routeSchemas({
    summary: `Attach the proof of delivery of an ${r.name.slice(0, -1)}`,
    description:
      'In any state but cancelled (40901). The file is uploaded first through /oss/upload; a new one replaces the old.',
    params: idParams,
    body: obj(
      { podFile: { type: 'string', pattern: STORED_PATH.source, description: 'The `path` /oss/upload answered.' } },
      ['podFile'],
    ),
    answer: recordOf(resourceName),
  });
  app.post<{ Params: { id: string }; Body: { podFile?: string } }>(
    `${r.api}/:id/pod`,
    { config: { permission: buttonPermission(r, 'pod') }, ...schemas },
    async (request) => {
      const id = recordId(request.params.id);
      const podFile = request.body?.podFile;
      if (typeof podFile !== 'string' || !STORED_PATH.test(podFile))
        throw validationError([{ field: 'podFile', key: 'validation.podFile' }]);
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        const doc = await findRecord(tx, r, id, viewer, true);
        if (!doc) throw notFound();
        if (doc.status === DocStatus.cancelled) throw conflict('errors.notEditable');
        await tx.query(
          `UPDATE ${resourceName} SET pod_file = $2, pod_file_name = $3, version = version + 1, updated_at = now()
            WHERE id = $1`,
          [id, podFile, await storedFileName(tx, podFile)],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: resourceName,
          entityId: id,
          action: 'pod',
          before: { podFile: doc.podFile },
          after: { podFile },
        });
        return findRecord(tx, r, id, viewer);
      });
    },
  );
}
