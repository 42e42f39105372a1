import type { ResourceDef } from './resource';
import { actionNamed } from './workflow';

/** The engine's own buttons, labelled `buttons.<action>` on every resource. */
const ENGINE_BUTTONS = ['create', 'edit', 'delete', 'export', 'import'];

/**
 * The translation keys that may name an action of a resource, the first found wins: the
 * resource's own words for it, `<resource>.actions.<action>` (its workflow's buttons and events, an
 * audited step such as an order's checkout), then the engine's Add, Edit, Delete, Export, Import,
 * then the name of a step no resource owns (a role's grants). A name the action was published under
 * before (an old audit row's) reads as the action.
 */
export const actionLabelKeys = (def: ResourceDef | undefined, name: string): string[] => {
  const action = actionNamed(def?.workflow?.machine, name);
  return [
    ...(def ? [`${def.name}.actions.${action}`] : []),
    ...(ENGINE_BUTTONS.includes(action) ? [`buttons.${action}`] : []),
    `audit.actions.${action}`,
  ];
};
