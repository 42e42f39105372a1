-- Admins see everything (DESIGN 4), the cargo dashboard of any organization included: a database
-- whose live policy has the role admin grants it the page. An empty database is seeded from
-- policies/policy.csv, which grants it (a line written here would stop that seeding).
INSERT INTO casbin_rule(ptype, v0, v1, v2)
SELECT 'p', 'admin', 'cargo.dashboard', '1'
 WHERE EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'admin')
   AND NOT EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'admin' AND v1 = 'cargo.dashboard');
