import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { checkReferences } from '../../src/server/engine/records';
import { fileApi } from '../helpers/api';

let admin: string;
let org: number;
let warehouse: number;
const partners: Record<string, number> = {};

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  org = (await api.call('GET', '/organizations?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
  warehouse = (await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin })).data.rows[0].id;
  for (const code of ['COSCO', 'SINOTRANS', 'PACDRAY', 'CXCARGO'])
    partners[code] = (await api.call('GET', `/config/partners?partnerCode=${code}`, { token: admin })).data.rows[0].id;
});

const outbound = (truckingCompanyId: number, lang?: string) =>
  api.call('POST', '/inventory/outbounds', {
    token: admin,
    lang,
    body: {
      organizationId: org,
      warehouseId: warehouse,
      outboundType: 1,
      requestDate: '2026-11-20',
      truckingCompanyId,
      products: [],
    },
  });

describe('a lookup narrowed in its declaration (x-refFilter) is narrowed on the server too', () => {
  it('refuses a shipping line or an airline as an outbound trucking company, in the caller language', async () => {
    expect(resourceByName('outbounds')!.schema.properties.truckingCompanyId['x-refFilter']).toEqual({ partnerType: 3 });
    for (const code of ['COSCO', 'CXCARGO']) {
      const refused = await outbound(partners[code]);
      expect(refused.data.errors).toEqual([
        { field: 'truckingCompanyId', message: 'The selected record does not exist.' },
      ]);
    }
    expect((await outbound(partners.COSCO, 'zh')).data.errors).toEqual([
      { field: 'truckingCompanyId', message: '所选记录不存在。' },
    ]);
    const taken = await outbound(partners.PACDRAY);
    expect(taken.code).toBe(20000);
    expect(taken.data.truckingCompanyId).toBe(partners.PACDRAY);
  });

  it('refuses a carrier as a shipment operator on create and on edit', async () => {
    const usa = (await api.call('GET', '/config/countries?code=USA', { token: admin })).data.rows[0].id;
    const body = {
      organizationId: org,
      shipmentType: 1,
      originCountryId: usa,
      destinationCountryId: usa,
      carrierId: partners.COSCO,
    };
    const refused = await api.call('POST', '/shipments', {
      token: admin,
      body: { ...body, originOperatorId: partners.COSCO, destinationOperatorId: partners.SINOTRANS },
    });
    expect(refused.data.errors).toEqual([
      { field: 'originOperatorId', message: 'The selected record does not exist.' },
    ]);
    const { data: shipment } = await api.call('POST', '/shipments', {
      token: admin,
      body: { ...body, originOperatorId: partners.SINOTRANS },
    });
    expect(shipment.originOperatorId).toBe(partners.SINOTRANS);
    const edit = await api.call('PUT', `/shipments/${shipment.id}`, {
      token: admin,
      body: { version: shipment.version, destinationOperatorId: partners.PACDRAY },
    });
    expect(edit.data.errors).toEqual([
      { field: 'destinationOperatorId', message: 'The selected record does not exist.' },
    ]);
  });

  it('checks all lookups of a body in one statement', async () => {
    const usa = (await api.call('GET', '/config/countries?code=USA', { token: admin })).data.rows[0].id;
    const statements: string[] = [];
    const counting = {
      query: <T>(sql: string, params?: unknown[]) => (statements.push(sql), api.db.query<T>(sql, params)),
    };
    const body = {
      organizationId: org,
      originCountryId: usa,
      destinationCountryId: usa,
      carrierId: partners.COSCO,
      originOperatorId: partners.SINOTRANS,
      destinationOperatorId: partners.CXCARGO,
      buyerIds: [2_147_483_648, -1],
    };
    const problems = await checkReferences(counting, resourceByName('shipments')!, body, { userId: 1, all: true });
    expect(problems).toEqual([
      { field: 'destinationOperatorId', key: 'validation.ref' },
      { field: 'buyerIds', key: 'validation.ref' },
    ]);
    expect(statements).toHaveLength(1);
  });
});
