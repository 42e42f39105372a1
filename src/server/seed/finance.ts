import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';

type Rec = Record<string, unknown> & { id: number };

/**
 * Finance for the demo, through the API like the rest of the activity: the Los Angeles warehouse's
 * default fee model before the activity (so its inbound and outbound confirms write their expenses),
 * then a manual expense, one issued bill for the first customer over the last thirty days and a
 * draft for the second, priced from the stock the activity received.
 */
const financeCalls = async (app: FastifyInstance, token: string) => {
  const call = async <T = Rec>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const reply = await app.inject({ method, url: `/api/1.0${url}`, payload, headers: { authorization: token } });
    const body = reply.json() as { code: number; message: string; data: T };
    if (body.code !== 20000) throw new Error(`demo finance: ${method} ${url}: ${body.message}`);
    return body.data;
  };
  const [warehouse] = (await call<{ rows: Rec[] }>('GET', '/config/warehouses?shortName=LAX-ONT')).rows;
  return { call, warehouse };
};

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

export async function seedFeeModel(app: FastifyInstance, token: string) {
  const { call, warehouse } = await financeCalls(app, token);
  await call('POST', '/finance/feeModels', {
    name: 'LAX-ONT 标准价 Standard rates',
    warehouseId: warehouse.id,
    currency: 2,
    validFrom: day(-365),
    minimumCharge: 150,
    lines: [
      {
        feeType: 1,
        subType: 101,
        unit: 1,
        segmentType: 1,
        segments: [
          { from: 1, to: 14, unitPrice: 0 },
          { from: 15, to: 60, unitPrice: 0.85 },
          { from: 61, unitPrice: 1.25 },
        ],
      },
      { feeType: 2, subType: 201, unit: 2, segmentType: 2, segments: [{ from: 1, unitPrice: 350 }] },
      {
        feeType: 3,
        subType: 202,
        unit: 3,
        segmentType: 2,
        segments: [
          { from: 1, to: 20, unitPrice: 4.5 },
          { from: 21, unitPrice: 3.8 },
        ],
      },
      { feeType: 4, subType: 402, unit: 4, segmentType: 2, segments: [{ from: 1, unitPrice: 85 }] },
    ],
    remarks: '默认适用于所有客户 / Default for every customer of the warehouse.',
  });
}

export async function seedBills(app: FastifyInstance, token: string) {
  const { call, warehouse } = await financeCalls(app, token);
  const customers = (await call<{ rows: Rec[] }>('GET', '/organizations?sort=id&pageSize=2')).rows;
  for (const [i, customer] of customers.entries()) {
    await call('POST', '/finance/expenses', {
      organizationId: customer.id,
      warehouseId: warehouse.id,
      subType: 302,
      unit: 3,
      quantity: 6 + i * 2,
      unitPrice: 12,
      currency: 2,
      expenseDate: day(-10 - i),
      reason: '重新打包破损纸箱 / Re-packing damaged cartons',
    });
    const bill = await call('POST', '/finance/bills', {
      organizationId: customer.id,
      warehouseId: warehouse.id,
      periodFrom: day(-30),
      periodTo: day(-1),
      language: i ? 'en' : 'zh',
    });
    if (i === 0) await call('POST', `/finance/bills/${bill.id}/issue`, {});
  }
}
