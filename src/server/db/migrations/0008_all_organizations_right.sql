-- "Sees every organization" was the role name admin in code; it is now the right
-- data.allOrganizations of the policy. A database whose live policy has the role admin grants it
-- the right, so nobody sees less after the upgrade. An empty database is seeded from
-- policies/policy.csv, which grants it (a line written here would stop that seeding).
INSERT INTO casbin_rule(ptype, v0, v1, v2)
SELECT 'p', 'admin', 'data.allOrganizations', '3'
 WHERE EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'admin')
   AND NOT EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'admin' AND v1 = 'data.allOrganizations');
