import { createStore, useStore } from './store';

/** The settings panel's choices (SPEC 2 "Layout"), with the defaults of SPEC 9. */
export interface LayoutSettings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: '#1890ff',
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  supportPinyinSearch: true,
};

/** Kept across reloads in this browser; a broken or foreign value falls back to the defaults. */
const KEY = 'layout-settings';

const read = (): LayoutSettings => {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<LayoutSettings>;
    const merged = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
      if (typeof saved[key] === typeof DEFAULT_SETTINGS[key]) (merged as Record<string, unknown>)[key] = saved[key];
    }
    return merged;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
};

export const settingsStore = createStore<LayoutSettings>(read());

export const changeSetting = <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => {
  settingsStore.set((prev) => ({ ...prev, [key]: value }));
  localStorage.setItem(KEY, JSON.stringify(settingsStore.get()));
};

export const useLayoutSettings = () => useStore(settingsStore);
