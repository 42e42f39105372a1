import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../engine/RefSelect';

const FIELDS = { organizations: 'organizationId', warehouses: 'warehouseId' } as const;

/** An organization or a warehouse to see the month of, labelled as a bill names it. */
export const PlaceSelect = ({
  resource,
  value,
  onChange,
  testId,
}: {
  resource: keyof typeof FIELDS;
  value?: number;
  onChange: (id: number | undefined) => void;
  testId: string;
}) => {
  const { t } = useTranslation();
  const label = t(`bills.fields.${FIELDS[resource]}`);
  return (
    <RefSelect
      resource={resource}
      value={value}
      onChange={(id) => onChange(id as number | undefined)}
      placeholder={label}
      aria-label={label}
      style={{ width: 260 }}
      data-testid={testId}
    />
  );
};
