import { Code } from '../../domain/codes';
import type { Json } from './route-schemas';

const refusal = (description: string, code: number): Json => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message', 'data'],
        properties: { code: { type: 'integer', enum: [code] }, message: { type: 'string' }, data: { type: 'null' } },
      },
    },
  },
});

/**
 * Refusals a read can answer beyond those every read has: a record named in the query rather than
 * the path that the caller may not see, or a document in a state the read does not apply to.
 */
export const readRefusals = (refusals: { notFound?: string; conflict?: string }): Record<string, Json> => ({
  ...(refusals.notFound && { 404: refusal(refusals.notFound, Code.notFound) }),
  ...(refusals.conflict && { 409: refusal(refusals.conflict, Code.conflict) }),
});
