import { useMemo, useState } from 'react';
import { AppstoreAddOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../layout/PageTitle';
import { AddResourceDialog } from './AddResourceDialog';
import { ConflictsAlert } from './ConflictsAlert';
import { exportDiff } from './customizations';
import { FieldsTab } from './FieldsTab';
import { resourceOptions } from './labels';
import { useCustomizations } from './use-customizations';
import { VersionsTable } from './VersionsTable';

/**
 * System -> Customize (issue 40): every resource's fields, shipped and added; adding a field or a
 * record type of one's own, each previewed (its plan and problems) before it is applied with a
 * reason; the versions so far, any of which can be returned to; the whole as a diff for developers;
 * and what an upgrade set aside.
 */
const CustomizePage = () => {
  const { t, i18n } = useTranslation();
  const customizations = useCustomizations();
  const overlay = useMemo(() => customizations.data?.overlay ?? {}, [customizations.data]);
  const options = useMemo(() => resourceOptions(t, overlay, i18n.language), [t, overlay, i18n.language]);
  const [addingResource, setAddingResource] = useState(false);
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportDiff();
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title={<PageTitle>{t('menu.customize')}</PageTitle>} data-testid="customize">
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Button
          icon={<AppstoreAddOutlined />}
          onClick={() => setAddingResource(true)}
          data-testid="customize-add-resource"
        >
          {t('customize.addResource')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void download().catch(() => undefined)}
          data-testid="customize-export"
        >
          {t('customize.export')}
        </Button>
      </Flex>
      <ConflictsAlert conflicts={customizations.data?.conflicts ?? []} />
      <Tabs
        items={[
          {
            key: 'fields',
            label: t('customize.tabs.fields'),
            children: <FieldsTab overlay={overlay} loading={customizations.isLoading} options={options} />,
          },
          { key: 'versions', label: t('customize.tabs.versions'), children: <VersionsTable /> },
        ]}
      />
      <AddResourceDialog open={addingResource} onClose={() => setAddingResource(false)} targets={options} />
    </Card>
  );
};

export default CustomizePage;
