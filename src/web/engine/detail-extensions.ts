import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { ResourceDef } from '../../domain/resource';

export interface DetailExtensionProps {
  def: ResourceDef;
  record: BaseRecord;
}

/**
 * A dialog a workflow action names (`dialog` in its declaration) for input its schema cannot
 * express: mounted while open, it calls `run` with the body, which posts the action, says what
 * happened and closes it (a refusal rejects, already shown by the HTTP client), or `onClose`.
 */
export interface ActionDialogProps extends DetailExtensionProps {
  action: string;
  run: (body?: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

type Lazy<P> = Record<string, LazyExoticComponent<ComponentType<P>>>;

/**
 * Hand-written parts the generated pages mount, by name: `detail` panels on a resource's detail
 * page (the parts of a record that are not its fields: a role's grants, a bill's lines), `row`
 * beside a list row's buttons (the catalogue's Add to cart), and `dialogs` by the name a workflow
 * action declares. The composition root hands them in (src/web/workflows/index.ts), so the engine
 * imports no workflow.
 */
export interface EngineExtensions {
  detail: Lazy<DetailExtensionProps>;
  row: Lazy<DetailExtensionProps>;
  dialogs: Lazy<ActionDialogProps>;
}

export const ExtensionsContext = createContext<EngineExtensions>({ detail: {}, row: {}, dialogs: {} });

export const useExtensions = () => useContext(ExtensionsContext);
