import type { FastifyRequest } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { canBill, type BillAction } from '../../../domain/finance/bill-flow';
import type { Queryable } from '../../db/types';
import { findRecord, type Rec } from '../../engine/records';
import type { Viewer } from '../../engine/scope';
import { conflict, notFound } from '../../errors';

/**
 * Locks a bill the viewer may see and checks the action is allowed from its state; a bill that
 * moved on answers 40901 naming its state, in the caller's language.
 */
export async function lockBill(
  tx: Queryable,
  request: FastifyRequest,
  id: number,
  viewer: Viewer,
  action: BillAction,
): Promise<Rec> {
  const bill = await findRecord(tx, resourceByName('bills')!, id, viewer, true);
  if (!bill) throw notFound();
  if (!canBill(action, bill.status as number))
    throw conflict('finance.errors.billState', {
      status: request.t(`enums.billStatus.${bill.status}`),
      action: request.t(`finance.verbs.${action}`),
    });
  return bill;
}
