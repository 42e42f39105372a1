import { describe, expect, it } from 'vitest';
import { operationName, singular } from '../../src/server/contract/operation-names';

const inbounds = { name: 'inbounds', api: '/inventory/inbounds' };

describe('operation names', () => {
  it('name a resource its lists, records and actions', () => {
    expect(operationName('GET', '/inventory/inbounds', inbounds)).toEqual({
      operationId: 'listInbounds',
      summary: 'List inbounds',
    });
    expect(operationName('POST', '/inventory/inbounds', inbounds).operationId).toBe('createInbound');
    expect(operationName('GET', '/inventory/inbounds/{id}', inbounds).operationId).toBe('getInbound');
    expect(operationName('PUT', '/inventory/inbounds/{id}', inbounds).operationId).toBe('updateInbound');
    expect(operationName('POST', '/inventory/inbounds/{id}/confirm', inbounds)).toEqual({
      operationId: 'confirmInbound',
      summary: 'Confirm inbound',
    });
    expect(operationName('GET', '/inventory/inbounds/{id}/lots', inbounds).operationId).toBe('listInboundLots');
    expect(operationName('GET', '/inventory/inbounds/{id}/plan', inbounds).operationId).toBe('getInboundPlan');
  });

  it('name a route no declaration owns by its last fixed segment', () => {
    expect(operationName('POST', '/finance/billRuns').operationId).toBe('createBillRun');
    expect(operationName('GET', '/finance/billRuns/{id}').operationId).toBe('getBillRun');
  });

  it('take a listed name where the path says little', () => {
    expect(operationName('POST', '/system/users/login', { name: 'users', api: '/system/users' }).operationId).toBe(
      'login',
    );
  });

  it('singularize our resource names', () => {
    expect(
      ['deliveries', 'addresses', 'taxes', 'products', 'goods', 'inventory', 'productCategories'].map(singular),
    ).toEqual(['delivery', 'address', 'tax', 'product', 'goods', 'inventory', 'productCategory']);
  });
});
