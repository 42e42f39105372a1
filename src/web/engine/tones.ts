import type { ResourceDef } from '../../domain/resource';
import type { StateTone } from '../../domain/workflow';

/**
 * The declared tone of a field's value, one source each: a state machine's field takes its
 * states' (src/domain/*-flow.ts), any other enum its schema's `x-tones` (an API key's status).
 */
export const toneOf = (def: ResourceDef, field: string, value: unknown): StateTone | undefined => {
  const machine = def.workflow?.machine;
  if (machine?.field === field) return machine.states.find((s) => String(s.value) === String(value))?.tone;
  return def.schema.properties[field]?.['x-tones']?.[String(value)];
};
