import { useMemo, useState } from 'react';
import { NodeIndexOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import type { Overlay } from '../../../domain/customization';
import { AddFieldDialog } from './AddFieldDialog';
import { AddStateDialog } from './AddStateDialog';
import { fieldRows } from './field-rows';
import { FieldsTable } from './FieldsTable';

interface Props {
  overlay: Overlay;
  loading: boolean;
  /** Every resource, titled: the choice here and a reference's targets. */
  options: { value: string; label: string }[];
}

/**
 * The resource last chosen, kept beyond the page: an applied change reshapes the screens, which
 * draws this page again from the start, and the admin goes on with the same resource.
 */
let lastChosen: string | undefined;

/** One resource's fields, chosen from all of them, and the dialog that adds one. */
export const FieldsTab = ({ overlay, loading, options }: Props) => {
  const { t } = useTranslation();
  const [chosen, choose] = useState<string | undefined>(lastChosen);
  const setChosen = (name: string) => {
    lastChosen = name;
    choose(name);
  };
  const [adding, setAdding] = useState<'field' | 'state'>();
  const resource = chosen ?? options[0]?.value;
  const title = options.find((o) => o.value === resource)?.label ?? resource ?? '';
  const def = resource ? resourceByName(resource) : undefined;
  const rows = useMemo(
    () => (resource ? fieldRows(resourceByName(resource), overlay[resource]) : []),
    [resource, overlay],
  );
  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select
          showSearch
          optionFilterProp="label"
          value={resource}
          onChange={setChosen}
          options={options}
          aria-label={t('customize.resourceSelect')}
          placeholder={t('customize.resourceSelect')}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
          data-testid="customize-resource-select"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!resource}
          onClick={() => setAdding('field')}
          data-testid="customize-add-field"
        >
          {t('customize.addField')}
        </Button>
        {def?.workflow?.machine && (
          <Button icon={<NodeIndexOutlined />} onClick={() => setAdding('state')} data-testid="customize-add-state">
            {t('customize.addState')}
          </Button>
        )}
      </Flex>
      {resource && <FieldsTable resource={resource} rows={rows} loading={loading} />}
      {resource && (
        <AddFieldDialog
          open={adding === 'field'}
          onClose={() => setAdding(undefined)}
          resource={resource}
          title={title}
          targets={options}
        />
      )}
      {def?.workflow?.machine && (
        <AddStateDialog open={adding === 'state'} onClose={() => setAdding(undefined)} def={def} title={title} />
      )}
    </>
  );
};
