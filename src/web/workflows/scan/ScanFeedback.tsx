import { Alert } from 'antd';
import type { Outcome } from './signal';

export interface Said {
  outcome: Outcome;
  text: string;
  /** Which scan said it, so a later word on that scan does not overwrite a newer one. */
  seq: number;
}

const TYPES = { ok: 'success', warn: 'warning', error: 'error' } as const;

/** The last scan's outcome in large type, where a glance from arm's length reads it. */
export const ScanFeedback = ({ said }: { said?: Said }) =>
  said ? (
    <Alert
      type={TYPES[said.outcome]}
      showIcon
      message={<span style={{ fontSize: 18 }}>{said.text}</span>}
      data-testid="scan-result"
      data-outcome={said.outcome}
      style={{ margin: '8px 0' }}
    />
  ) : null;
