import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_LANGUAGES, type Labels } from '../../../domain/customization';
import { useRequiredRule } from '../../engine/use-required-rule';

type Path = (string | number)[];

interface Props {
  /** Where the labels are, as the Form.Item inside a Form.List names it. */
  name: Path;
  /** The same, from the form's root: what is watched to say a label is missing. */
  path: Path;
  /** What they label, said before each language (`Label`, `Value label`). */
  title: string;
  /** Part of something the admin may leave out (an action of a new state): no language required. */
  optional?: boolean;
}

/**
 * A label in each of the four languages: English required, the others shown as missing until
 * given (the engine falls back to English meanwhile). Side by side where they fit, stacked on a phone.
 */
export const LabelInputs = ({ name, path, title, optional = false }: Props) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const labels = Form.useWatch(path, Form.useFormInstance()) as Labels | undefined;
  return (
    <Flex wrap gap="0 12px">
      {CUSTOM_LANGUAGES.map((language) => {
        const text = `${title} (${t(`customize.languages.${language}`)})`;
        const missing = language !== 'en' && !labels?.[language]?.trim() && (!optional || !!labels?.en?.trim());
        return (
          <Form.Item
            key={language}
            name={[...name, language]}
            label={text}
            rules={language === 'en' && !optional ? required : undefined}
            style={{ flex: '1 1 160px', minWidth: 0 }}
            {...(missing && { validateStatus: 'warning' as const, help: t('customize.labelMissing') })}
          >
            <Input maxLength={200} aria-label={text} />
          </Form.Item>
        );
      })}
    </Flex>
  );
};
