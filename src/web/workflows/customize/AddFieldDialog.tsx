import { useTranslation } from 'react-i18next';
import { ChangeDialog } from './ChangeDialog';
import { addFieldChange, type FieldValues } from './field-values';
import { FieldEditor } from './FieldEditor';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The resource the field is added to, and its title. */
  resource: string;
  title: string;
  targets: { value: string; label: string }[];
}

const INITIAL: FieldValues = { type: 'text', list: true };

/** Adds one field to a resource: the form, its preview (the plan), then apply with a reason. */
export const AddFieldDialog = ({ open, onClose, resource, title, targets }: Props) => {
  const { t } = useTranslation();
  return (
    <ChangeDialog
      open={open}
      onClose={onClose}
      title={t('customize.addFieldTo', { resource: title })}
      width={760}
      initialValues={INITIAL}
      toRequest={(values) => ({ resource, changes: [addFieldChange(values)] })}
      testId="customize-field"
    >
      <FieldEditor name={[]} path={[]} targets={targets} />
    </ChangeDialog>
  );
};
