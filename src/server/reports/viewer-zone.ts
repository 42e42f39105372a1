import type { FastifyRequest } from 'fastify';
import { siteSettings } from '../../domain/site-settings';
import { canReckonIn } from '../../domain/time-zone';

/** The header in which the web client names its browser's IANA time zone. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/**
 * The zone whose calendar a report's default period follows: the viewer's own, as their browser
 * names it, so "the last month" ends on their today; the business's when the caller names none or
 * one this runtime does not know (the report still answers, for the business's days).
 */
export const viewerZone = (request: FastifyRequest): string => {
  const named = request.headers[TIME_ZONE_HEADER];
  return canReckonIn(named) ? named : siteSettings.timeZone;
};
