import { createStore, useStore } from '../../providers/store';
import { onSessionChange, currentUser } from '../../providers/session';

/**
 * The tabs of visited pages (tags view). A view is one screen path; `fullPath` follows its query
 * (list filters) so coming back restores it. `version` changes on refresh so its page re-mounts.
 */
export interface View {
  path: string;
  fullPath: string;
  affix: boolean;
  version: number;
  /** A form in it holds changes not saved yet: closing it asks first. */
  dirty?: boolean;
  /** The record a detail or edit page shows, named in its tab and the page title. */
  name?: string;
}

export const tagsStore = createStore<View[]>([]);
export const useViews = () => useStore(tagsStore);

export const visitView = (path: string, fullPath: string, affix = false) =>
  tagsStore.set((views) => {
    const found = views.find((v) => v.path === path);
    const view = { path, fullPath, affix, version: 0 };
    // Pinned tabs lead the bar, whatever page the session started on.
    if (!found)
      return affix ? [...views.filter((v) => v.affix), view, ...views.filter((v) => !v.affix)] : [...views, view];
    if (found.fullPath === fullPath && (found.affix || !affix)) return views;
    return views.map((v) => (v.path === path ? { ...v, fullPath, affix: v.affix || affix } : v));
  });

export type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * Whether an action on the tab at `path` drops view `v`'s page: refresh and close drop that tab's
 * own; pinned (affix) tabs survive close, 'close others' and 'close all' (SPEC 2).
 */
const drops: Record<TabAction, (v: View, path: string) => boolean> = {
  refresh: (v, path) => v.path === path,
  close: (v, path) => v.path === path && !v.affix,
  closeOthers: (v, path) => v.path !== path && !v.affix,
  closeAll: (v) => !v.affix,
};

/** The views whose pages (and unsaved changes) an action would drop: asked about first. */
export const droppedBy = (action: TabAction, path: string) => tagsStore.get().filter((v) => drops[action](v, path));

const remove = (action: TabAction, path: string) =>
  tagsStore.set((views) => views.filter((v) => !drops[action](v, path)));
export const closeView = (path: string) => remove('close', path);
export const closeOtherViews = (path: string) => remove('closeOthers', path);
export const closeAllViews = () => remove('closeAll', '');

/** A new version re-mounts the page: its kept-alive state is dropped. */
export const refreshView = (path: string) =>
  tagsStore.set((views) => views.map((v) => (v.path === path ? { ...v, version: v.version + 1, dirty: false } : v)));

export const markDirty = (path: string, dirty: boolean) =>
  tagsStore.set((views) =>
    views.some((v) => v.path === path && !!v.dirty !== dirty)
      ? views.map((v) => (v.path === path ? { ...v, dirty } : v))
      : views,
  );

export const nameView = (path: string, name: string | undefined) =>
  tagsStore.set((views) =>
    views.some((v) => v.path === path && v.name !== name)
      ? views.map((v) => (v.path === path ? { ...v, name } : v))
      : views,
  );

/** A screen's title, naming its record when it shows one: `Organization: Shenzhen Hengda`. */
export const viewTitle = (
  t: (key: string, options?: Record<string, unknown>) => string,
  titleKey: string,
  name?: string,
) => (name ? t('engine.recordTitle', { title: t(titleKey), name }) : t(titleKey));

// Logout removes every tab, pinned ones included (SPEC 4): the next user starts afresh.
onSessionChange(() => {
  if (!currentUser()) tagsStore.set([]);
});
