import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePolicyCsv } from '../access/policy-store';
import { hashPassword } from '../auth/passwords';
import type { Db, Queryable } from '../db/types';
import countries from './data/countries.json';
import ports from './data/ports.json';

/** Demo accounts of DESIGN 7; the shipper belongs to a customer organization. */
const demoUsers = [
  { username: 'admin', password: 'admin123', name: 'Admin 管理员', roles: ['admin'], introduction: 'Runs the whole platform.' },
  { username: 'editor', password: 'editor123', name: 'Editor 运营', roles: ['editor'], introduction: 'Operations staff.' },
  { username: 'shipper', password: 'shipper123', name: 'Shipper 货主', roles: ['shipper'], introduction: 'Cargo owner.', customer: true },
];

const demoOrganization = { name: '深圳恒达贸易有限公司 Shenzhen Hengda Trading Co., Ltd.', code: 'HD001' };

/** The reviewed policy file becomes the live policy of an empty database (DESIGN 8 C5). */
export async function seedPolicy(q: Queryable, policyCsv: string) {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM casbin_rule');
  if (n) return;
  for (const line of parsePolicyCsv(policyCsv))
    await q.query('INSERT INTO casbin_rule(ptype, v0, v1, v2) VALUES ($1, $2, $3, $4)', [
      line.ptype,
      line.values[0] ?? '',
      line.values[1] ?? '',
      line.values[2] ?? '',
    ]);
}

async function seedReferenceData(q: Queryable) {
  await q.query(
    `INSERT INTO countries(code, locale, name_cn, name_en, dial_code, display_order, status)
     SELECT code, locale, "nameCn", "nameEn", "dialCode", "displayOrder", status
       FROM json_to_recordset($1::json) AS x(code text, locale text, "nameCn" text, "nameEn" text,
            "dialCode" text, "displayOrder" int, status int)`,
    [JSON.stringify(countries)],
  );
  await q.query(
    `INSERT INTO ports(code, country_id, name_cn, name_en, display_order, status)
     SELECT x.code, c.id, x."nameCn", x."nameEn", x."displayOrder", x.status
       FROM json_to_recordset($1::json) AS x(code text, "countryCode" text, "nameCn" text, "nameEn" text,
            "displayOrder" int, status int)
       JOIN countries c ON c.code = x."countryCode"`,
    [JSON.stringify(ports)],
  );
}

async function seedUsers(q: Queryable) {
  const [org] = await q.query<{ id: number }>(
    'INSERT INTO organizations(organization_name, organization_code) VALUES ($1, $2) RETURNING id',
    [demoOrganization.name, demoOrganization.code],
  );
  for (const u of demoUsers)
    await q.query(
      `INSERT INTO users(username, name, password_hash, roles, organization_id, introduction)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [u.username, u.name, await hashPassword(u.password), u.roles, u.customer ? org.id : null, u.introduction],
    );
}

/** Fills an empty database with the demo data; a database that has users is left alone. */
export async function seedDemo(db: Db, policiesDir: string) {
  await db.transaction(async (tx) => {
    await seedPolicy(tx, readFileSync(join(policiesDir, 'policy.csv'), 'utf8'));
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (n) return;
    await seedReferenceData(tx);
    await seedUsers(tx);
  });
}
