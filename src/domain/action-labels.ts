import type { ResourceDef } from './resource';

/** The engine's own buttons, labelled `buttons.<action>` on every resource. */
const ENGINE_BUTTONS = ['create', 'edit', 'delete', 'export', 'import'];

/**
 * The translation keys that may name an action of a resource, the first found wins: the words its
 * button shows (the workflow's own, or the engine's Add, Edit, Delete, Export, Import), then the
 * name of an audited step no button makes (a role's grants, an order shipped out by its outbound).
 */
export const actionLabelKeys = (def: ResourceDef | undefined, action: string): string[] => {
  const workflow = def?.workflow;
  const keys: string[] = [];
  const own = workflow?.labelKeys?.[action];
  if (own) keys.push(own);
  if (workflow?.actions.includes(action)) keys.push(`${workflow.labels}.${action}`);
  if (ENGINE_BUTTONS.includes(action)) keys.push(`buttons.${action}`);
  keys.push(`audit.actions.${action}`);
  return keys;
};
