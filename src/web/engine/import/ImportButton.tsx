import { lazy, Suspense, useState } from 'react';
import type { BaseKey } from '@refinedev/core';
import { Button } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { importRight } from '../../../domain/import-def';
import { buttonPermission, type ResourceDef } from '../../../domain/resource';
import { Authorized } from '../Authorized';

// The dialog (and its upload and tables) loads on first use, out of the list's chunk.
const ImportDialog = lazy(() => import('./ImportDialog'));

/**
 * Import beside Export, on lists whose declaration imports, for users who may create records (or who
 * hold the import's own right, where it declares one: mall orders, staff only); or,
 * with `into`, on the related list a declaration imports into (an inbound's lines), for users who
 * may edit that record, while the caller says it can be edited.
 */
export const ImportButton = ({ def, into, onDone }: { def: ResourceDef; into?: BaseKey; onDone?: () => void }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!def.import || (into === undefined ? !def.actions.includes('create') || def.import.into : !def.import.into))
    return null;
  return (
    <Authorized permission={buttonPermission(def, importRight(def.import))}>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="import-button">
        {t('buttons.import')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog def={def} into={into} onDone={onDone} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Authorized>
  );
};
