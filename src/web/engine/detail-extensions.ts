import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { ResourceDef } from '../../domain/resource';

export interface DetailExtensionProps {
  def: ResourceDef;
  record: BaseRecord;
}

type Panels = Record<string, LazyExoticComponent<ComponentType<DetailExtensionProps>>>;

/**
 * Hand-written panels the generated pages mount for one resource, by name: `detail` on its detail
 * page (the parts of a record that are not its fields: a role's grants, a document's actions),
 * `row` beside a list row's buttons (the catalogue's Add to cart). The composition root hands
 * them in (src/web/workflows/index.ts), so the engine imports no workflow.
 */
export interface EngineExtensions {
  detail: Panels;
  row: Panels;
}

export const ExtensionsContext = createContext<EngineExtensions>({ detail: {}, row: {} });

export const useExtensions = () => useContext(ExtensionsContext);
