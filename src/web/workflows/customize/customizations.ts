import type { Change, CustomField, Overlay } from '../../../domain/customization';
import { downloadApi } from '../../engine/download';
import { http } from '../../providers/http';

/** The API of System -> Customize (src/server/customize/routes.ts), typed as the page reads it. */
const BASE = '/system/customizations';

/** A shipped field that an overlay entry of the same name and another shape collides with. */
export interface Conflict {
  resource: string;
  field: string;
  shipped: unknown;
  custom: CustomField;
}

interface Customizations {
  version: number;
  overlay: Overlay;
  conflicts: Conflict[];
}

/** What a change list would do, as preview answers it. */
export interface Plan {
  sql: string[];
  rowsAffected: number;
  estimateMs: number;
  problems: { field: string | null; key: string; message: string }[];
  missingLabels: { field: string; language: string }[];
}

export interface Version {
  id: number;
  resource: string;
  reason: string;
  changes: Record<string, unknown>[];
  createdBy: number | null;
  createdAt: string;
}

/** One request: the resource it changes (or the record type it adds), why, and the changes. */
export interface ChangeRequest {
  resource: string;
  reason?: string;
  changes: Change[];
}

/** react-query keys: an apply or a return refreshes both. */
export const CUSTOMIZATIONS_KEY = ['customizations'];
export const VERSIONS_KEY = ['customizationVersions'];

export const fetchCustomizations = () => http.get<Customizations>(BASE);

export const previewChanges = (request: ChangeRequest) =>
  http.post<Plan>(`${BASE}/preview`, { ...request, reason: request.reason ?? '' });

export const applyChanges = (request: ChangeRequest & { reason: string }) => http.post<Version>(BASE, request);

export const fetchVersions = () => http.get<Version[]>(`${BASE}/versions`);

export const restoreVersion = (id: number, reason: string) =>
  http.post<Version>(`${BASE}/versions/${id}/restore`, { reason });

export const exportDiff = () => downloadApi(`${BASE}/export`, 'customizations.diff');
