import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { arrayOf, int, obj, orNull, str, type Json } from '../contract/route-schemas';
import { equalities, orgCondition, Params } from './sql';
import { decimal } from './words';

export const SHIPMENT_GROUPS = ['month', 'customer', 'origin', 'destination', 'type', 'carrier'] as const;
export type ShipmentGroup = (typeof SHIPMENT_GROUPS)[number];

export interface ShipmentQuery {
  from?: string;
  to?: string;
  groupBy: ShipmentGroup;
  organizationId?: number;
  originCountryId?: number;
  destinationCountryId?: number;
  shipmentType?: number;
  carrierId?: number;
}

/** The key of a row and its label for each grouping (countries in the reader's language). */
const GROUPS: Record<ShipmentGroup, { key: string; label: (zh: boolean) => string; join: string }> = {
  month: { key: `to_char(s.etd, 'YYYY-MM')`, label: () => 'NULL', join: '' },
  customer: {
    key: 's.organization_id',
    label: () => 'o.organization_name',
    join: 'LEFT JOIN organizations o ON o.id = g.key',
  },
  origin: {
    key: 's.origin_country_id',
    label: (zh) => `c.${zh ? 'name_cn' : 'name_en'}`,
    join: 'LEFT JOIN countries c ON c.id = g.key',
  },
  destination: {
    key: 's.destination_country_id',
    label: (zh) => `c.${zh ? 'name_cn' : 'name_en'}`,
    join: 'LEFT JOIN countries c ON c.id = g.key',
  },
  type: { key: 's.shipment_type', label: () => 'NULL', join: '' },
  carrier: { key: 's.carrier_id', label: () => 'pa.partner_name', join: 'LEFT JOIN partners pa ON pa.id = g.key' },
};

const SUMS = `count(*)::int AS shipments, coalesce(sum(c.containers), 0)::int AS containers,
  coalesce(sum(coalesce(c.volume, s.cargo_volume)), 0)::numeric(20,2)::text AS volume,
  coalesce(sum(c.weight), 0)::numeric(20,2)::text AS weight,
  (count(*) FILTER (WHERE s.ata IS NOT NULL AND s.eta IS NOT NULL))::int AS arrived,
  (count(*) FILTER (WHERE s.ata <= s.eta))::int AS "onTime"`;

const sums: Record<string, Json> = {
  shipments: int(),
  containers: int(),
  volume: decimal("m³: the containers', else the shipment's cargo volume."),
  weight: decimal('kg gross, of the containers.'),
  arrived: int('Shipments with both an ETA and an ATA.'),
  onTime: int('Shipments that arrived by their ETA.'),
};

export const shipmentReportSchema = obj(
  {
    rows: arrayOf(
      obj(
        {
          key: {
            type: ['string', 'integer', 'null'],
            description:
              'The group: a month `YYYY-MM`, or the id of the customer, country or carrier, or the shipment type; null where the shipments leave it unset.',
          },
          label: orNull(str("The customer's, country's or carrier's name; null for months and types.")),
          ...sums,
        },
        ['key', 'label', ...Object.keys(sums)],
      ),
      'Ordered by key.',
    ),
    totals: obj(sums, Object.keys(sums), 'All the shipments of the period.'),
  },
  ['rows', 'totals'],
);

/**
 * Shipments departed (ETD) in the period, grouped by month, customer, country, type or carrier:
 * how many, their containers, volume (the containers', else the shipment's cargo volume) and gross
 * weight, and how many of those that arrived did so by their ETA.
 */
export async function shipmentReport(db: Queryable, viewer: Viewer, q: ShipmentQuery, zh: boolean) {
  const p = new Params();
  const group = GROUPS[q.groupBy];
  const where = [
    orgCondition(viewer, 's.organization_id', p),
    equalities(
      [
        ['s.organization_id', q.organizationId],
        ['s.origin_country_id', q.originCountryId],
        ['s.destination_country_id', q.destinationCountryId],
        ['s.shipment_type', q.shipmentType],
        ['s.carrier_id', q.carrierId],
      ],
      p,
    ),
    q.from ? `s.etd >= ${p.bind(q.from)}::date` : 'true',
    q.to ? `s.etd <= ${p.bind(q.to)}::date` : 'true',
  ].join(' AND ');
  const sql = `
    WITH picked AS (SELECT s.* FROM shipments s WHERE ${where}),
    c AS (
      SELECT c.shipment_id, count(*) AS containers, sum(c.volume) AS volume, sum(c.gross_weight) AS weight
        FROM containers c WHERE c.shipment_id IN (SELECT id FROM picked) GROUP BY c.shipment_id),
    g AS (SELECT ${group.key} AS key, ${SUMS} FROM picked s LEFT JOIN c ON c.shipment_id = s.id GROUP BY 1)
    SELECT
      (SELECT coalesce(json_agg(r), '[]') FROM (SELECT g.*, ${group.label(zh)} AS label FROM g ${group.join} ORDER BY g.key) r) AS rows,
      (SELECT row_to_json(t) FROM (SELECT ${SUMS} FROM picked s LEFT JOIN c ON c.shipment_id = s.id) t) AS totals`;
  const [result] = await db.query<{ rows: Record<string, unknown>[]; totals: Record<string, unknown> }>(sql, p.values);
  return result;
}
