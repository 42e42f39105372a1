import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { buttonPermission } from '../../../domain/resource';
import { daysBetween } from '../../../domain/stock-flow';
import { requestViewer } from '../../engine/request';
import { checkReferences, findRecord, type Rec } from '../../engine/records';
import { conflict, validationError, type FieldProblem } from '../../errors';
import { INT4_MAX } from '../../engine/sql';
import { generateBills, type BillRun, type SkipReason } from './bill-generate';
import { arrayOf, fullObj, int, type Json, obj, recordOf, routeSchemas, str } from '../../contract/route-schemas';

const bills = () => resourceByName('bills')!;

/** The header of a bill request less the read-only fields, which its schema accepts and ignores. */
const headerOf = (body: unknown): Rec =>
  Object.fromEntries(Object.entries((body ?? {}) as Rec).filter(([f]) => !bills().schema.properties[f]?.readOnly));

/** The run a bill request asks for, for the customers given, made by the caller. */
const runOf = (header: Rec, organizationIds: number[], userId: number): BillRun => ({
  organizationIds,
  warehouseId: header.warehouseId as number,
  periodFrom: header.periodFrom as string,
  periodTo: header.periodTo as string,
  language: header.language as string | undefined,
  remarks: header.remarks as string | undefined,
  userId,
});

export const periodProblems = (from: string, to: string): FieldProblem[] =>
  to < from || daysBetween(from, to) > 366 ? [{ field: 'periodTo', key: 'finance.validation.periodTo' }] : [];

/** The bill fields a request may carry, with the bill schema's own limits. */
const billFields = (names: string[]): Record<string, Json> =>
  Object.fromEntries(names.map((f) => [f, { ...bills().schema.properties[f] }]));

/** A bill's read-only fields, which a client may send back as it read them: accepted and ignored. */
const ignoredFields = (): Record<string, Json> =>
  Object.fromEntries(
    Object.entries(bills().schema.properties)
      .filter(([, s]) => s.readOnly)
      .map(([f]) => [f, { readOnly: true, description: 'Ignored: the server sets it.' }]),
  );

const PERIOD =
  'periodTo is on or after periodFrom, at most 366 days later. Each day is priced by the fee model valid that day; the bill takes ' +
  'the currency and minimum charge of the model of its last priced day.';

/** Why one customer's bill could not be made, as the field error a single request answers. */
export const refusal = (reason: SkipReason): FieldProblem =>
  reason === 'currencies'
    ? { field: 'periodTo', key: 'finance.validation.mixedCurrencies' }
    : { field: 'organizationId', key: 'finance.validation.noFeeModel' };

/** What a run over many customers answers: the drafts made and the customers passed over, and why. */
const runAnswer = fullObj({
  created: arrayOf(obj({ id: int(), organizationId: int(), billNo: str() }, ['id', 'organizationId', 'billNo'])),
  skipped: arrayOf(
    obj(
      {
        organizationId: int(),
        reason: {
          type: 'string',
          enum: ['billed', 'noFeeModel', 'currencies', 'nothing'],
          description:
            'billed: a bill that is not cancelled overlaps the period; noFeeModel: none valid on any day of it; currencies: the models ' +
            'valid over it charge in different currencies; nothing: no lot, outbound or open expense.',
        },
        billNo: str('The overlapping bill (reason billed).'),
      },
      ['organizationId', 'reason'],
    ),
  ),
});

/**
 * Bill generation (DESIGN 5): POST makes a draft priced from the fee model, the lots and the open
 * expenses, for one customer or many. Its actions (regenerate, issue, pay, cancel) are the declared
 * state machine's (src/domain/finance/bill-flow.ts), their effects in workflows/effects/bills.ts.
 */
export function billRoutes(app: FastifyInstance) {
  const r = bills();
  const permission = (action: string) => ({ config: { permission: buttonPermission(r, action) } });
  const billAnswer = recordOf('bills');

  const create = routeSchemas({
    summary: 'Generate the draft bill of one customer',
    description:
      `Priced from the fee models, the lots and the open expenses. ${PERIOD} ` +
      'A period overlapping a bill that is not cancelled answers 40901 naming it; no fee model valid on any day of it answers 40001 on ' +
      'organizationId, models of different currencies over it 40001 on periodTo.',
    body: obj(
      {
        ...ignoredFields(),
        ...billFields(['organizationId', 'warehouseId', 'periodFrom', 'periodTo', 'language', 'remarks']),
      },
      ['organizationId', 'warehouseId', 'periodFrom', 'periodTo'],
      'Read-only bill fields are ignored; unknown ones answer 40001.',
    ),
    answer: billAnswer,
    checkedBy: 'schema',
  });
  app.post(r.api, { ...permission('create'), ...create }, async (request) => {
    const viewer = await requestViewer(app, request);
    const header = headerOf(request.body);
    const problems = [
      ...(await checkReferences(app.db, r, header, viewer)),
      ...periodProblems(header.periodFrom as string, header.periodTo as string),
    ];
    if (problems.length) throw validationError(problems);
    const id = await app.db.transaction(async (tx) => {
      const run = await generateBills(tx, runOf(header, [header.organizationId as number], request.user!.id));
      const skipped = run.skipped[0];
      if (skipped?.reason === 'billed') throw conflict('finance.errors.periodBilled', { billNo: skipped.billNo });
      if (skipped) throw validationError([refusal(skipped.reason)]);
      return run.created[0].id;
    });
    return findRecord(app.db, r, id, viewer);
  });

  /** Every customer the caller may bill, or the ones named, for one warehouse and period. */
  const generate = routeSchemas({
    summary: 'Generate draft bills for many customers',
    description: `For one warehouse and period; customers with nothing in it are skipped, as are those already billed or without a fee model. ${PERIOD}`,
    body: obj(
      {
        ...ignoredFields(),
        organizationId: { description: 'Ignored: the customers are named in organizationIds.' },
        ...billFields(['warehouseId', 'periodFrom', 'periodTo', 'language', 'remarks']),
        organizationIds: {
          type: 'array',
          items: { type: 'integer', minimum: 1, maximum: INT4_MAX },
          maxItems: 1000,
          description:
            'The customers to bill; left out, every one the caller may see. Ids the caller may not see are passed over.',
        },
      },
      ['warehouseId', 'periodFrom', 'periodTo'],
      'Read-only bill fields are ignored; unknown ones answer 40001.',
    ),
    answer: runAnswer,
    checkedBy: 'schema',
  });
  app.post(`${r.api}/generate`, { ...permission('create'), ...generate }, async (request) => {
    const viewer = await requestViewer(app, request);
    const { organizationIds: named, ...body } = request.body as Rec;
    const header = headerOf(body);
    // A warehouse the caller cannot see (or no warehouse: an id beyond the column) bills nobody.
    const problems = [
      ...(await checkReferences(app.db, r, { warehouseId: header.warehouseId }, viewer)),
      ...periodProblems(header.periodFrom as string, header.periodTo as string),
    ];
    if (problems.length) throw validationError(problems);
    const visible = viewer.all
      ? await app.db.query<{ id: number }>(
          'SELECT id FROM organizations WHERE $1::int[] IS NULL OR id = ANY($1::int[])',
          [named ?? null],
        )
      : (named ? (named as number[]).filter((n) => viewer.organizationIds.includes(n)) : viewer.organizationIds).map(
          (id) => ({ id }),
        );
    return app.db.transaction((tx) =>
      generateBills(tx, {
        ...runOf(
          header,
          visible.map((o) => o.id),
          request.user!.id,
        ),
        onlyActive: true,
      }),
    );
  });
}
