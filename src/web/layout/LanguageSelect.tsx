import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import i18next from '../providers/i18n';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../providers/i18n';
import { feedback } from '../providers/feedback';

/** Language menu (SPEC 2, DESIGN C10): zh, en, es, ja; the current one is disabled. */
export const LanguageSelect = () => {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language as Language) ?? currentLanguage();
  const items = LANGUAGES.map((l) => ({ key: l, label: t(`layout.languages.${l}`), disabled: l === lang }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectedKeys: [lang],
        onClick: async ({ key }) => {
          await changeLanguage(key as Language);
          // i18next's own t: the hook's `t` of this render still speaks the previous language.
          void feedback.message.success(i18next.t('layout.switchLanguageSuccess'));
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')} data-testid="language-select">
        {t(`layout.languages.${lang}`)}
      </Button>
    </Dropdown>
  );
};
