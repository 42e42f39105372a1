import type { TFunction } from 'i18next';
import { CUSTOM_LANGUAGES, type Labels, type Overlay } from '../../../domain/customization';
import { resources } from '../../../../resources';

type Language = (typeof CUSTOM_LANGUAGES)[number];

/** An admin's labels in the interface language, else English: what shows until the translations know them. */
const ownLabel = (labels: Labels | undefined, language: string) => labels?.[language as Language] || labels?.en || '';

/** A translation, else the admin's own label, else the name itself. */
export const labelOf = (t: TFunction, key: string, labels: Labels | undefined, language: string, name: string) =>
  t(key, { defaultValue: ownLabel(labels, language) || name });

/** Every resource an admin may customize, shipped and added, titled as its list is, by title. */
export function resourceOptions(t: TFunction, overlay: Overlay, language: string) {
  const names = [
    ...resources.map((r) => r.name),
    ...Object.keys(overlay).filter((name) => overlay[name].added && !resources.some((r) => r.name === name)),
  ];
  return names
    .map((name) => ({
      value: name,
      label: labelOf(t, `${name}.titles.list`, overlay[name]?.added?.labels, language, name),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
