import type { ResourceHooks } from '../engine/hooks';

/** Staff who create an organization manage it from then on, or they could not see what they made. */
export const organizationsHooks: ResourceHooks = {
  async afterCreate(record, { tx, viewer }) {
    if (viewer.all) return;
    await tx.query('INSERT INTO user_organizations(user_id, organization_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      viewer.userId,
      record.id,
    ]);
  },
  async afterImport(ids, { tx, viewer }) {
    if (viewer.all) return;
    await tx.query(
      'INSERT INTO user_organizations(user_id, organization_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [viewer.userId, ids],
    );
  },
};
