import { hashPassword } from '../auth/passwords';
import type { Db, Queryable } from '../db/types';
import countries from './data/countries.json';
import { seedMasterData } from './demo';
import ports from './data/ports.json';

/** Demo accounts of DESIGN 7; the shipper belongs to a customer organization. */
const demoUsers = [
  {
    username: 'admin',
    password: 'admin123',
    name: 'Admin 管理员',
    roles: ['admin'],
    introduction: 'Runs the whole platform.',
  },
  {
    username: 'editor',
    password: 'editor123',
    name: 'Editor 运营',
    roles: ['editor'],
    introduction: 'Operations staff.',
  },
  {
    username: 'shipper',
    password: 'shipper123',
    name: 'Shipper 货主',
    roles: ['shipper'],
    introduction: 'Cargo owner.',
    customer: true,
  },
];

const demoRoles = [
  ['admin', 'Administrators: everything. 管理员：全部权限'],
  ['editor', 'Operations staff: the organizations they manage. 运营：所管理的客户'],
  ['shipper', 'Cargo owners: their own organization. 货主：本公司数据'],
  [
    'integration',
    'Customer systems through an API key: catalogue writes, stock and order reads. 系统对接：商品写入，库存与订单只读',
  ],
];

/** The editor manages the first eight customer organizations. */
const EDITOR_MANAGES = 8;

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

async function seedUsers(q: Queryable, organizationIds: number[]) {
  for (const [name, remarks] of demoRoles)
    await q.query('INSERT INTO roles(name, remarks) VALUES ($1, $2)', [name, remarks]);
  for (const u of demoUsers) {
    const [user] = await q.query<{ id: number }>(
      `INSERT INTO users(username, name, password_hash, roles, organization_id, introduction, email, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1) RETURNING id`,
      [
        u.username,
        u.name,
        await hashPassword(u.password),
        u.roles,
        u.customer ? organizationIds[0] : null,
        u.introduction,
        `${u.username}@example.com`,
      ],
    );
    if (u.username === 'editor')
      await q.query('INSERT INTO user_organizations(user_id, organization_id) SELECT $1, unnest($2::int[])', [
        user.id,
        organizationIds.slice(0, EDITOR_MANAGES),
      ]);
  }
}

/**
 * Fills an empty database with the demo data; a database that has users is left alone. Says
 * whether it seeded, so the caller can add the demo's stock activity through the API.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (n) return false;
    await seedReferenceData(tx);
    await seedUsers(tx, await seedMasterData(tx));
    return true;
  });
}
