import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { containerCheckDigit } from '../../domain/container';
import { seedBills, seedFeeModel } from './finance';
import { seedOrders } from './orders';

type Rec = Record<string, unknown> & { id: number };

/** One voyage of the demo: where from, by whom, how many days ago it sailed and arrived. */
interface Voyage {
  carrier: string;
  from: string;
  owner: string;
  sailed: number;
  /** Days from today: negative for an arrival in the past. */
  arrives: number;
  /** Received into the warehouse this many days ago; none while at sea. */
  received?: number;
}

const VOYAGES: Voyage[] = [
  { carrier: 'COSCO', from: 'CNSHA', owner: 'CSQU', sailed: 58, arrives: -40, received: 37 },
  { carrier: 'MAERSK', from: 'CNNGB', owner: 'MSKU', sailed: 40, arrives: -22, received: 20 },
  { carrier: 'ONE', from: 'CNYTN', owner: 'ONEU', sailed: 12, arrives: 6 },
];

/**
 * Stock activity for the demo (DESIGN 7: data worth looking at), made through the product's own
 * API as the admin, so lots, change logs, product logs and reservations are exactly what the
 * workflows write: for the first three customers, shipments received into Los Angeles, one at sea,
 * an outbound shipped and one awaiting the warehouse. Dates count back from today.
 */
export async function seedActivity(app: FastifyInstance) {
  // A hundred requests of set-up are not news in the first start's log.
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await makeActivity(app);
  } finally {
    app.log.level = level;
  }
}

async function makeActivity(app: FastifyInstance) {
  const call = async <T = Rec>(method: 'GET' | 'POST', url: string, token?: string, payload?: object): Promise<T> => {
    const reply = await app.inject({
      method,
      url: `/api/1.0${url}`,
      payload,
      headers: token ? { authorization: token } : {},
    });
    const body = reply.json() as { code: number; message: string; data: T };
    if (body.code !== 20000) throw new Error(`demo activity: ${method} ${url}: ${body.message}`);
    return body.data;
  };
  const login = await call<{ token_type: string; access_token: string }>('POST', '/system/users/login', undefined, {
    username: 'admin',
    password: 'admin123',
  });
  const token = `${login.token_type} ${login.access_token}`;
  const get = (url: string) => call<{ rows: Rec[] }>('GET', url, token).then((r) => r.rows);
  const post = (url: string, payload: object) => call('POST', url, token, payload);
  const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
  const first = async (url: string) => (await get(url))[0].id;
  await seedFeeModel(app, token);

  const [china, usa, losAngeles, warehouse] = await Promise.all([
    first('/config/countries?code=CHN'),
    first('/config/countries?code=USA'),
    first('/config/ports?code=USLAX'),
    first('/config/warehouses?shortName=LAX-ONT'),
  ]);
  const customers = await get('/organizations?sort=id&pageSize=3');
  let serial = 305400;
  for (const [c, customer] of customers.entries()) {
    const skus = await get(`/products/skus?organizationId=${customer.id}&sort=id&pageSize=4`);
    if (skus.length < 2) continue;
    for (const [v, voyage] of VOYAGES.entries()) {
      const blNo = `${voyage.owner.slice(0, 4)}${String(6312000 + c * 10 + v)}`;
      const shipment = await post('/shipments', {
        organizationId: customer.id,
        shipmentType: 1,
        shipmentMode: 1,
        originCountryId: china,
        destinationCountryId: usa,
        loadingPortId: await first(`/config/ports?code=${voyage.from}`),
        dischargePortId: losAngeles,
        carrierId: await first(`/config/partners?partnerCode=${voyage.carrier}`),
        incoterms: 'FOB',
        blNo,
        etd: day(-voyage.sailed),
        atd: day(-voyage.sailed),
        eta: day(voyage.arrives),
        ...(voyage.arrives < 0 && { ata: day(voyage.arrives) }),
        cargoVolume: 67.5,
      });
      const owner = `${voyage.owner}${serial++}`;
      const container = await post('/shipments/containers', {
        shipmentId: shipment.id,
        containerNo: `${owner}${containerCheckDigit(owner)}`,
        containerType: '40HQ',
        grossWeight: 18000,
        palletAmount: 20,
      });
      for (const [i, sku] of skus.slice(0, 3).entries())
        await post('/shipments/goods', {
          containerId: container.id,
          skuId: sku.id,
          quantity: 200 * (i + 1),
          pieces: 200 * (i + 1),
          pallets: 4 + i,
          unitPrice: 3.5 + i,
          currency: 2,
        });
      if (voyage.received === undefined) continue;
      const inbound = await post(`/shipments/${shipment.id}/inbound`, { warehouseId: warehouse });
      await post(`/inventory/inbounds/${inbound.id}/submit`, {});
      await post(`/inventory/inbounds/${inbound.id}/confirm`, { inboundDate: day(-voyage.received) });
    }
    // One outbound shipped last week, one waiting for the warehouse (its stock is reserved).
    const shipped = await post('/inventory/outbounds', {
      organizationId: customer.id,
      warehouseId: warehouse,
      outboundType: 1,
      requestDate: day(-8),
      notifier: 'Amazon ONT8',
      lines: [{ skuId: skus[0].id, pieces: 150 }],
    });
    await post(`/inventory/outbounds/${shipped.id}/submit`, {});
    await post(`/inventory/outbounds/${shipped.id}/confirm`, { actualDate: day(-7) });
    const waiting = await post('/inventory/outbounds', {
      organizationId: customer.id,
      warehouseId: warehouse,
      outboundType: 1,
      requestDate: day(2),
      notifier: 'Walmart DC 6094',
      lines: [{ skuId: skus[1].id, pieces: 120 }],
    });
    await post(`/inventory/outbounds/${waiting.id}/submit`, {});
  }
  await seedOrders(app);
  await seedBills(app, token);
  await call('POST', '/system/users/logout', token, {});
}
