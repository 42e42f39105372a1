import { useSyncExternalStore } from 'react';
import i18n from 'i18next';
import { resources } from '../../resources';
import { declarationsVersion, installOverlay, statusList } from '../../resources/overlay';
import { CUSTOM_LANGUAGES, overlayLabels, type Overlay } from '../domain/customization';
import { http } from './providers/http';
import { queryClient } from './providers/query-client';
import { refreshUserInfo } from './providers/session';

/**
 * The customizations in force, in the browser (issue 40, DESIGN 10): the app is built with the
 * shipped declarations and installs the overlay the server answers over them, as the server
 * does, so an added field or record type needs no rebuild and no reload. Screens key their pages
 * by the installed version (useDeclarationsVersion), so an open screen takes the new shape.
 */
const listeners = new Set<() => void>();
let installed = -1;
let current = { version: declarationsVersion(), resources: [...resources] };

/**
 * Whether the first answer came (or failed: offline, the shipped shape stands). Until then a path
 * no shipped declaration knows may be an added record type's, opened by a link or a reload, and is
 * not yet "not found".
 */
let settled = false;

const settle = () => {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener();
};

export async function reloadCustomizations(): Promise<void> {
  try {
    await install();
  } finally {
    settle();
  }
}

async function install() {
  const { version, overlay } = await http.get<{ version: number; overlay: Overlay }>('/system/customizations');
  if (version === installed) return;
  // Nothing customized: the shipped shape the app was built with stands, and no page is drawn again
  // under a user who has begun typing.
  if (installed === -1 && !Object.keys(overlay).length) {
    installed = version;
    return;
  }
  // A record type or action added since sign-in brought rights with it: read before the screens
  // take the new shape, so its buttons show at once. The first install needs none.
  if (installed !== -1) await refreshUserInfo();
  installed = version;
  installOverlay(overlay);
  for (const language of CUSTOM_LANGUAGES)
    i18n.addResourceBundle(language, 'translation', overlayLabels(overlay, language, statusList), true, true);
  current = { version: declarationsVersion(), resources: [...resources] };
  for (const listener of listeners) listener();
  await queryClient.invalidateQueries();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The declarations installed now and their version: another object when an admin's customization arrives. */
export const useDeclarations = () => useSyncExternalStore(subscribe, () => current);

/** Whether the server's customizations have been heard once since the app loaded. */
export const useCustomizationsSettled = () => useSyncExternalStore(subscribe, () => settled);
