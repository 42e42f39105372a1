import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { BILL_RUN_RESULTS, BillRunStatus } from '../../../domain/finance/bill-run';
import { buttonPermission } from '../../../domain/resource';
import {
  arrayOf,
  day,
  fullObj,
  idParams,
  int,
  type Json,
  obj,
  orNull,
  routeSchemas,
  str,
} from '../../contract/route-schemas';
import { recordId, requestViewer } from '../../engine/request';
import { pageSchema } from '../../engine/openapi';
import { checkReferences, type Rec } from '../../engine/records';
import { badRequest, forbidden, notFound, validationError } from '../../errors';
import { audit } from '../documents';
import { findBillRun, listBillRunResults, listBillRuns } from './bill-run-read';
import type { BillRunWorker } from './bill-run-worker';
import { periodProblems } from './bill-routes';

const bills = () => resourceByName('bills')!;

/** What starting a run takes: the bill fields a month's bills share, with the bill schema's own rules. */
const startFields = ['warehouseId', 'periodFrom', 'periodTo', 'language', 'remarks'];

const status: Json = {
  type: 'integer',
  enum: Object.values(BillRunStatus),
  description: '0 running, 6 done, 2 failed (error says why).',
};

const runRecord = obj(
  {
    id: int(),
    warehouseId: int(),
    warehouseName: orNull(str()),
    periodFrom: day(),
    periodTo: day(),
    language: str(),
    remarks: orNull(str()),
    status,
    total: int('Customers the run considers: every organization at its start (or every one its starter manages).'),
    done: int('Customers considered so far; equals total when done.'),
    counts: obj(
      Object.fromEntries(BILL_RUN_RESULTS.map((r) => [r, int()])),
      [...BILL_RUN_RESULTS],
      'Customers per result so far.',
    ),
    error: orNull(str('Why the run failed (status 2).')),
    createdBy: int(),
    createdByName: orNull(str()),
    createdAt: { type: 'string', format: 'date-time' },
    finishedAt: orNull({ type: 'string', format: 'date-time' }),
  },
  [
    'id',
    'warehouseId',
    'warehouseName',
    'periodFrom',
    'periodTo',
    'language',
    'remarks',
    'status',
    'total',
    'done',
    'counts',
    'error',
    'createdBy',
    'createdByName',
    'createdAt',
    'finishedAt',
  ],
);

const resultKind: Json = {
  type: 'string',
  enum: [...BILL_RUN_RESULTS],
  description:
    'billed: a draft was made (billId); alreadyBilled: a bill that is not cancelled overlaps the period (billId); noFeeModel: ' +
    'none valid on any day of it; currencies: the models over it charge in different currencies; nothing: no lot, outbound ' +
    'or open expense in it; failed: an error, with its reason.',
};

const resultRow = fullObj({
  organizationId: int(),
  organizationName: orNull(str()),
  result: resultKind,
  billId: orNull(int()),
  billNo: orNull(str()),
  reason: orNull(str()),
});

/** A run with every customer's result so far, as one run's read and its start answer it. */
const runWithResults: Json = {
  ...runRecord,
  properties: {
    ...(runRecord.properties as Record<string, Json>),
    results: arrayOf(
      resultRow,
      "Each customer's result so far (those the caller sees), in customer id order; left out when withResults=false.",
    ),
  },
};

const pageQuery = (filters: Record<string, Json>): Json =>
  obj({
    pageIndex: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
    ...filters,
  });

/**
 * Month-end bill runs (issue 24): POST starts one for every customer and answers its record at
 * once; the server works it in batches (bill-run-worker.ts), which GET follows. Staff only, under
 * the same policy object as generating bills.
 */
export function billRunRoutes(app: FastifyInstance, worker: BillRunWorker) {
  const config = { config: { permission: buttonPermission(bills(), 'create') } };
  const staff = async (request: Parameters<typeof requestViewer>[1]) => {
    const viewer = await requestViewer(app, request);
    if (!viewer.all && viewer.customer) throw forbidden();
    return viewer;
  };

  const start = routeSchemas({
    summary: 'Start a month-end bill run',
    description:
      'Bills every customer (every organization, or the ones the caller manages) for one warehouse and period on the server, in ' +
      'batches: each customer gets a draft as POST /finance/bills/generate would make it, or the reason it got none. The answer ' +
      'is the run, status 0; a run survives a restart of the server and bills nobody twice. periodTo is on or after periodFrom, ' +
      'at most 366 days later.',
    body: obj(Object.fromEntries(startFields.map((f) => [f, { ...bills().schema.properties[f] }])), [
      'warehouseId',
      'periodFrom',
      'periodTo',
    ]),
    answer: runWithResults,
    checkedBy: 'schema',
  });
  app.post('/finance/billRuns', { ...config, ...start }, async (request) => {
    const viewer = await staff(request);
    const body: Rec = { language: bills().schema.properties.language.default, ...(request.body as Rec) };
    const problems = [
      ...(await checkReferences(app.db, bills(), { warehouseId: body.warehouseId }, viewer)),
      ...periodProblems(body.periodFrom as string, body.periodTo as string),
    ];
    if (problems.length) throw validationError(problems);
    const id = await app.db.transaction(async (tx) => {
      const [run] = await tx.query<{ id: number }>(
        `INSERT INTO bill_runs (warehouse_id, period_from, period_to, language, remarks, organization_ids, total,
                                max_organization_id, created_by)
         SELECT $1, $2, $3, $4, $5, $6::int[], count(*)::int, COALESCE(max(o.id), 0), $7
           FROM organizations o WHERE $6::int[] IS NULL OR o.id = ANY($6::int[])
         RETURNING id`,
        [
          body.warehouseId,
          body.periodFrom,
          body.periodTo,
          body.language,
          body.remarks ?? null,
          viewer.all ? null : viewer.organizationIds,
          viewer.userId,
        ],
      );
      await audit(tx, { userId: viewer.userId, entity: 'billRuns', entityId: run.id, action: 'create', after: body });
      return run.id;
    });
    worker.wake();
    return findBillRun(app.db, id, viewer);
  });

  const list = routeSchemas({
    summary: 'Bill runs, newest first',
    querystring: pageQuery({ status, warehouseId: { type: 'integer', minimum: 1 } }),
    answer: pageSchema(runRecord),
  });
  app.get('/finance/billRuns', { ...config, ...list }, async (request) => {
    await staff(request);
    return listBillRuns(app.db, request.query as Rec);
  });

  const read = routeSchemas({
    summary: "A bill run: its status, progress and each customer's result",
    description:
      'Read it again while status is 0 to follow the run; withResults=false leaves the customers out (counts stay), ' +
      'and /finance/billRuns/{id}/results pages through them.',
    params: idParams,
    querystring: obj({ withResults: { type: 'string', enum: ['true', 'false'], default: 'true' } }),
    answer: runWithResults,
  });
  app.get<{ Params: { id: string }; Querystring: Rec }>(
    '/finance/billRuns/:id',
    { ...config, ...read },
    async (request) => {
      const viewer = await staff(request);
      const { withResults } = request.query;
      if (withResults !== undefined && withResults !== 'true' && withResults !== 'false')
        throw badRequest('validation.enum', {}, 'withResults');
      const run = await findBillRun(app.db, recordId(request.params.id), viewer, withResults !== 'false');
      if (!run) throw notFound();
      return run;
    },
  );

  const results = routeSchemas({
    summary: "A bill run's result for each customer",
    description: 'In customer id order; a caller who does not see every organization reads the rows of their own ones.',
    params: idParams,
    querystring: pageQuery({ result: resultKind, organizationId: { type: 'integer', minimum: 1 } }),
    answer: pageSchema(resultRow),
  });
  app.get<{ Params: { id: string } }>('/finance/billRuns/:id/results', { ...config, ...results }, async (request) => {
    const viewer = await staff(request);
    const id = recordId(request.params.id);
    if (!(await findBillRun(app.db, id, viewer, false))) throw notFound();
    return listBillRunResults(app.db, id, request.query as Rec, viewer);
  });
}
