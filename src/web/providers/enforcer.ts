import { newEnforcer, newModelFromString } from 'casbin';
import modelText from '../../../policies/model.conf?raw';
import { linesAdapter, type PolicyLine } from '../../domain/policy-adapter';

/**
 * Casbin reads a model's text through Node's Buffer (`Buffer.from(text).toString()`), its one use
 * of a global Buffer on this path. For that synchronous call it is lent a text-only one rather
 * than the buffer package (8 KB gzip of the first load), and it is taken back at once, so no other
 * library sees a Buffer that is not one.
 */
const modelFromText = (text: string) => {
  const scope = globalThis as { Buffer?: unknown };
  const lent = scope.Buffer === undefined;
  if (lent) scope.Buffer = { from: (value: string) => ({ toString: () => value }) };
  try {
    return newModelFromString(text);
  } finally {
    if (lent) delete scope.Buffer;
  }
};

/** An enforcer over the server's model file and the given policy lines (the browser's stand-ins). */
export const enforcerOf = (lines: PolicyLine[]) => newEnforcer(modelFromText(modelText), linesAdapter(lines));
