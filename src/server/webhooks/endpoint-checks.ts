import { resources } from '../../../resources/index';
import { unknownEvents } from '../../domain/webhook-events';
import type { Rec } from '../engine/records';
import type { FieldProblem } from '../errors';
import { allowsPrivateTargets, isPrivateUrl } from './address-guard';

/**
 * What an endpoint's save brings that would never be delivered: a URL that names a private,
 * loopback, link-local or metadata host (refused at send anyway, so the customer learns it now,
 * not from a log of failures), and an event name nothing sends. Only what the save changes is
 * judged, so an endpoint saved before these checks can still be switched off or on.
 */
export function endpointProblems(input: Rec, current?: Rec): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const url = input.url as string | undefined;
  if (url !== undefined && url !== current?.url && !allowsPrivateTargets() && isPrivateUrl(url))
    problems.push({ field: 'url', key: 'validation.privateAddress', params: { url } });
  const before = new Set((current?.events as string[] | undefined) ?? []);
  const added = ((input.events as string[] | undefined) ?? []).filter((word) => !before.has(word));
  const unknown = unknownEvents(added, resources);
  if (unknown.length)
    problems.push({ field: 'events', key: 'validation.unknownEvent', params: { events: unknown.join(', ') } });
  return problems;
}
