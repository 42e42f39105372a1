import type { ResourceDef } from '../../../domain/resource';

/** What widgets may read beyond their own value: the resource and the whole form's data (x-dependsOn). */
export interface FormContext {
  def: ResourceDef;
  formData?: Record<string, unknown>;
  /** The record a child form belongs to: x-dependsOn may name one of its fields (a container's customer). */
  parent?: Record<string, unknown>;
  /** One column whatever the screen (a form in a dialog). */
  narrow?: boolean;
}
