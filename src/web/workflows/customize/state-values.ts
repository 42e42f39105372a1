import type { Change, Labels } from '../../../domain/customization';
import type { StateTone } from '../../../domain/workflow';
import { givenLabels } from './field-values';

/** What the state dialog holds: the state, and the actions into and out of it an admin names. */
export interface StateValues {
  value?: number;
  labels?: Labels;
  tone?: StateTone;
  after?: number;
  into?: { name?: string; labels?: Labels; from?: number[]; confirmation?: Labels };
  outOf?: { name?: string; labels?: Labels; to?: number };
}

/** The changes the dialog makes: the state, then each action given a name (the server checks the rest). */
export function stateChanges(values: StateValues): Change[] {
  const value = Number(values.value);
  const changes: Change[] = [
    {
      op: 'addState',
      value,
      labels: givenLabels(values.labels),
      tone: values.tone ?? 'processing',
      ...(values.after !== undefined && { after: values.after }),
    },
  ];
  const into = values.into;
  if (into?.name?.trim()) {
    const confirmation = givenLabels(into.confirmation);
    changes.push({
      op: 'addAction',
      name: into.name.trim(),
      from: into.from ?? [],
      to: value,
      labels: givenLabels(into.labels),
      ...(Object.keys(confirmation).length && { confirmation }),
    });
  }
  const outOf = values.outOf;
  if (outOf?.name?.trim())
    changes.push({
      op: 'addAction',
      name: outOf.name.trim(),
      from: [value],
      to: Number(outOf.to),
      labels: givenLabels(outOf.labels),
    });
  return changes;
}
