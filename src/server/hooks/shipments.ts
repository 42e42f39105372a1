import type { Queryable } from '../db/types';
import type { ResourceHooks } from '../engine/hooks';
import type { FieldProblem } from '../errors';

const portCountry = async (tx: Queryable, portId: unknown) =>
  portId
    ? (await tx.query<{ country_id: number }>('SELECT country_id FROM ports WHERE id = $1', [portId]))[0]?.country_id
    : undefined;

/**
 * Dates must make sense (arrival not before departure, actual and estimated alike) and each port
 * must lie in the country chosen for its side of the voyage.
 */
export const shipmentsHooks: ResourceHooks = {
  async beforeWrite(input, { tx }) {
    const problems: FieldProblem[] = [];
    const before = (a: string, b: string) =>
      typeof input[a] === 'string' && typeof input[b] === 'string' && input[b]! < input[a]!;
    if (before('etd', 'eta')) problems.push({ field: 'eta', key: 'validation.etaBeforeEtd' });
    if (before('atd', 'ata')) problems.push({ field: 'ata', key: 'validation.ataBeforeAtd' });
    for (const [port, country] of [
      ['loadingPortId', 'originCountryId'],
      ['dischargePortId', 'destinationCountryId'],
    ] as const) {
      const actual = await portCountry(tx, input[port]);
      if (actual !== undefined && actual !== input[country])
        problems.push({ field: port, key: 'validation.portCountry' });
    }
    return { problems };
  },
};
