-- A delivery's action that records its signing is named sign, for what it does (issue 29: SPEC's
-- "signed for"; an order's complete is its 21 completed). Its right follows the action's name, so
-- every role granted the old object holds the new one instead and nobody loses the button; the
-- roles API still takes the old object and grants it under the new name. An empty database is
-- seeded from policies/policy.csv, which names the new one.
UPDATE casbin_rule SET v1 = 'orders.deliveries.sign'
 WHERE ptype = 'p' AND v1 = 'orders.deliveries.complete'
   AND NOT EXISTS (SELECT 1 FROM casbin_rule n WHERE n.ptype = 'p' AND n.v0 = casbin_rule.v0 AND n.v1 = 'orders.deliveries.sign');
DELETE FROM casbin_rule WHERE ptype = 'p' AND v1 = 'orders.deliveries.complete';
