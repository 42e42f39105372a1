import { http } from '../../providers/http';
import type { Pick } from './pick';

/** The awaiting outbound's takes, first in first out, as its confirm would take them now. */
export const picksOf = (outboundId: number) =>
  http.get<{ rows: Pick[]; short: number }>(`/inventory/outbounds/${outboundId}/picks`);
