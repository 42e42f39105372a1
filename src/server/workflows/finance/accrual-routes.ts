import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { requestViewer } from '../../engine/request';
import { badRequest, notFound, validationError } from '../../errors';
import { readParams } from '../../reports/params';
import { readRefusals } from '../../contract/read-refusals';
import { arrayOf, day, fullObj, int, type Json, num, obj, orNull, str } from '../../contract/route-schemas';
import { documented, envelope } from '../../engine/openapi';
import { accrualMonth, accrualsOf } from './accruals';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const amount = fullObj({
  total: num('Rounded to the cent, as a bill adds its lines.'),
  currency: orNull(int('The currency code (enums.currency); null when nothing is charged.')),
});
/** One amount, or one per currency where the month charges in several. */
const amounts = (what: string): Json => ({ anyOf: [amount, arrayOf(amount)], description: what });

const answer = fullObj({
  organizationId: int(),
  warehouseId: int(),
  month: str('YYYY-MM.'),
  from: day("The month's first day not on a bill (a bill made out mid-month charged the days before)."),
  today: day("The warehouse's today, or the month's last day for a month gone by."),
  asOf: str('When this was computed (ISO 8601).'),
  feeModelId: orNull(int("The fee model the month's bill would be made out under (its currency and minimum charge).")),
  toDate: amounts('What a bill from `from` to `today` would charge, exactly.'),
  forecast: amounts(
    "What the month's bill would charge if today's stock stays to the month's end and nothing else happens.",
  ),
  lines: arrayOf(
    obj(
      {
        feeType: int('enums.feeType; 9 is the minimum charge.'),
        subType: orNull(int('enums.subFeeType.')),
        currency: int(),
        toDate: num(),
        forecast: num(),
      },
      ['feeType', 'subType', 'currency', 'toDate', 'forecast'],
    ),
  ),
});

/**
 * Issue 43: a customer's charges of a month so far and to its end, by the bill's own computation
 * (accruals.ts), for staff and for the customer's own users (another organization answers 404).
 */
export function accrualRoutes(app: FastifyInstance) {
  const schemas = documented({
    summary: "A customer's charges of a month so far, and forecast to its end",
    description:
      'The current month at the warehouse unless month=YYYY-MM names another. Month to date equals the bill that would be made ' +
      "out for the same days; the forecast holds today's stock to the month's end, with the minimum charge where the total falls short.",
    querystring: obj(
      {
        organizationId: { type: 'integer', minimum: 1 },
        warehouseId: { type: 'integer', minimum: 1 },
        month: { type: 'string', pattern: MONTH.source },
      },
      ['organizationId', 'warehouseId'],
    ),
    response: {
      200: envelope(answer),
      ...readRefusals({ notFound: 'An organization or warehouse the caller may not see, or none such (40401).' }),
    },
  });
  app.get<{ Querystring: Record<string, unknown> }>(
    '/finance/accruals',
    { config: { permission: resourceByName('bills')!.permission }, ...schemas },
    async (request) => {
      const { month, ...ids } = request.query;
      const { ints } = readParams(ids, { ints: ['organizationId', 'warehouseId'] });
      const { organizationId, warehouseId } = ints;
      if (organizationId === undefined || warehouseId === undefined)
        throw validationError(
          (['organizationId', 'warehouseId'] as const)
            .filter((field) => ints[field] === undefined)
            .map((field) => ({ field, key: 'validation.required' })),
        );
      if (month !== undefined && (typeof month !== 'string' || !MONTH.test(month)))
        throw badRequest('validation.pattern', {}, 'month');
      const viewer = await requestViewer(app, request);
      if (!viewer.all && !viewer.organizationIds.includes(organizationId)) throw notFound();
      const period = await accrualMonth(app.db, organizationId, warehouseId, month);
      if (!period) throw notFound();
      const { from, today, asOf } = period;
      const found = await accrualsOf(app.db, period);
      const listed = (totals: Map<number, number>) => {
        const entries = [...totals].map(([currency, total]) => ({ total, currency }));
        return entries.length === 1 ? entries[0] : entries.length ? entries : { total: 0, currency: null };
      };
      return {
        organizationId,
        warehouseId,
        month: period.month,
        from,
        today,
        asOf,
        feeModelId: found.feeModelId,
        toDate: listed(found.toDate),
        forecast: listed(found.forecast),
        lines: found.lines,
      };
    },
  );
}
