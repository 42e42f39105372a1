import type { ResourceHooks } from '../engine/hooks';

/**
 * An organization has one default address (DESIGN 8, Orders): marking one default clears the
 * others in the same transaction, with the organization row locked so two such saves queue up.
 */
export const addressesHooks: ResourceHooks = {
  async beforeWrite(input, { tx, current }) {
    if (input.isDefault !== true || typeof input.organizationId !== 'number') return {};
    await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [input.organizationId]);
    await tx.query(
      'UPDATE addresses SET is_default = false, updated_at = now() WHERE organization_id = $1 AND is_default AND id <> $2',
      [input.organizationId, current?.id ?? 0],
    );
    return {};
  },
  // An import may mark several addresses of one organization default: the last written stays so.
  async afterImport(ids, { tx }) {
    await tx.query(
      `UPDATE addresses a SET is_default = false, updated_at = now()
         FROM (SELECT organization_id, max(id) AS kept FROM addresses
                WHERE id = ANY($1::int[]) AND is_default GROUP BY organization_id) d
        WHERE a.organization_id = d.organization_id AND a.is_default AND a.id <> d.kept`,
      [ids],
    );
  },
};
