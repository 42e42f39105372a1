import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { buttonPermission, type ResourceDef } from '../../../domain/resource';
import { Authorized } from '../Authorized';

// The dialog (and its upload and tables) loads on first use, out of the list's chunk.
const ImportDialog = lazy(() => import('./ImportDialog'));

/** Import beside Export, on lists whose declaration imports, for users who may create records. */
export const ImportButton = ({ def }: { def: ResourceDef }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!def.import || !def.actions.includes('create')) return null;
  return (
    <Authorized permission={buttonPermission(def, 'create')}>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="import-button">
        {t('buttons.import')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog def={def} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Authorized>
  );
};
