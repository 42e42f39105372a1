import { resources } from '../../../resources/index';
import { installOverlay, shippedSchema, statusList } from '../../../resources/overlay';
import {
  CUSTOM_LANGUAGES,
  customFieldSchema,
  overlayLabels,
  type CustomField,
  type Overlay,
} from '../../domain/customization';
import type { Db, Queryable } from '../db/types';
import { setCustomLabels } from '../i18n';

/** An overlay entry the shipped files now declare otherwise (an upgrade's field of the same name). */
export interface CustomizationConflict {
  resource: string;
  field: string;
  shipped: unknown;
  custom: CustomField;
}

export const VERSIONS_TABLE = 'customization_versions';

/**
 * The customizations in force on this instance: the newest version in the database, installed over
 * the shipped declarations (resources/overlay.ts) at start and again whenever any instance applies
 * one (the database's change feed), so every instance serves the same shape.
 */
export class Customizations {
  version = 0;
  overlay: Overlay = {};
  conflicts: CustomizationConflict[] = [];
  private loading?: Promise<void>;

  /** `rightsChanged`: the policy read again, as a version may grant rights (customize/routes.ts). */
  constructor(
    private readonly db: Db,
    private readonly rightsChanged: () => Promise<void> = async () => undefined,
  ) {}

  /** Installs the newest version; reads the database once however many changes arrive meanwhile. */
  load(q: Queryable = this.db): Promise<void> {
    this.loading ??= (async () => {
      try {
        const [row] = await q.query<{ id: number; overlay: Overlay }>(
          `SELECT id, overlay FROM ${VERSIONS_TABLE} ORDER BY id DESC LIMIT 1`,
        );
        // A version that granted rights is served only once they decide here: a screen told of it
        // asks for its rights at once, and the policy's own reload may not have run yet.
        if ((row?.id ?? 0) !== this.version) await this.rightsChanged();
        this.install(row?.id ?? 0, row?.overlay ?? {});
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /** Hears every instance's applied version; returns the unsubscribe. */
  watch(): () => void {
    return this.db.onChange((table) => {
      // A database that is away answers nothing: the next change or reconnection (null) loads again.
      if (table === VERSIONS_TABLE || table === null) this.load().catch(() => undefined);
    });
  }

  install(version: number, overlay: Overlay) {
    this.version = version;
    this.overlay = overlay;
    this.conflicts = conflictsOf(overlay);
    installOverlay(overlay);
    setCustomLabels(Object.fromEntries(CUSTOM_LANGUAGES.map((l) => [l, overlayLabels(overlay, l, statusList)])));
  }

  /** Back to the shipped declarations (an app closing in a process that builds another). */
  reset() {
    this.install(0, {});
  }
}

/**
 * A field the files now declare too: the same type means the files took it over (the export was
 * committed) and the overlay entry retires; another type is a conflict, and the overlay entry is
 * set aside until an admin resolves it (mergedSchema keeps the shipped one).
 */
function conflictsOf(overlay: Overlay): CustomizationConflict[] {
  return Object.entries(overlay).flatMap(([resource, own]) => {
    const r = resources.find((d) => d.name === resource);
    if (!r) return [];
    const files = shippedSchema(r).properties;
    return own.fields.flatMap((custom) => {
      const shipped = files[custom.name];
      if (!shipped) return [];
      const mine = customFieldSchema(resource, custom);
      const same = shipped.type === mine.type && shipped.format === mine.format && shipped['x-ref'] === mine['x-ref'];
      return same ? [] : [{ resource, field: custom.name, shipped, custom }];
    });
  });
}
