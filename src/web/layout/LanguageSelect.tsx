import { useState } from 'react';
import { Button } from 'antd';
import type { DropdownProps } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import i18next from '../providers/i18n';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../providers/i18n';
import { feedback } from '../providers/feedback';

type Dropdown = (props: DropdownProps) => React.ReactNode;

// antd's Dropdown brings its menu, trigger and motion code: the login page shows this button
// without them and fetches them on the first hover or click (issue 13: the login page's first load).
let dropdown: Promise<Dropdown> | undefined;
const loadDropdown = () =>
  (dropdown ??= import('antd/es/dropdown').then(({ default: component }) => component as Dropdown));

/** Language menu (SPEC 2, DESIGN C10): zh, en, es, ja; the current one is disabled. */
export const LanguageSelect = () => {
  const { t, i18n } = useTranslation();
  const [Menu, setMenu] = useState<Dropdown>();
  const [open, setOpen] = useState(false);
  const lang = (i18n.language as Language) ?? currentLanguage();
  const items = LANGUAGES.map((l) => ({ key: l, label: t(`layout.languages.${l}`), disabled: l === lang }));
  const fetchMenu = (openIt: boolean) =>
    void loadDropdown().then((component) => {
      setMenu(() => component);
      if (openIt) setOpen(true);
    });
  const button = (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      // Named by its visible text, the language it is in (WCAG 2.5.3: a voice user says what they
      // see); what the button is for is its description.
      title={t('layout.language')}
      data-testid="language-select"
      onPointerEnter={Menu ? undefined : () => fetchMenu(false)}
      onClick={Menu ? undefined : () => fetchMenu(true)}
    >
      {t(`layout.languages.${lang}`)}
    </Button>
  );
  if (!Menu) return button;
  return (
    <Menu
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        selectedKeys: [lang],
        onClick: async ({ key }) => {
          setOpen(false);
          await changeLanguage(key as Language);
          // i18next's own t: the hook's `t` of this render still speaks the previous language.
          void feedback.message.success(i18next.t('layout.switchLanguageSuccess'));
        },
      }}
    >
      {button}
    </Menu>
  );
};
