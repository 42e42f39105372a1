import { useState } from 'react';
import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { CrudFilters, CrudSort } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { buttonPermission, type ResourceDef } from '../../domain/resource';
import { Authorized } from './Authorized';
import { exportList } from './export-excel';

/** Export of the current filtered list, shown only with the `<permission>.export` button resource. */
export const ExportButton = ({
  def,
  filters,
  sorters,
  visible,
}: {
  def: ResourceDef;
  filters: CrudFilters;
  sorters: CrudSort[];
  visible: string[];
}) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!def.actions.includes('export')) return null;
  const run = async () => {
    setBusy(true);
    try {
      await exportList(def, t, { filters, sorters, visible });
    } catch (err) {
      // The HTTP client has already shown a server's message; anything else is logged for the error log.
      if (!(err instanceof Error && 'code' in err)) console.error(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Authorized permission={buttonPermission(def, 'export')}>
      <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()} data-testid="export-button">
        {t('buttons.export')}
      </Button>
    </Authorized>
  );
};
