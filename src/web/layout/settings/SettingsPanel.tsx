import { ColorPicker, Divider, Drawer, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeSetting, useLayoutSettings, type LayoutSettings } from '../../providers/layout-settings';

/**
 * Colours offered beside the free picker; the first is the default of SPEC 9. Several are too light
 * for white text (#1890ff gives 3.24:1): the choice is kept and shown as made, and the screens are
 * drawn in its readable shade (readableShade in providers/readable-theme.ts), so any choice passes
 * WCAG's 4.5:1.
 */
const PRESETS = ['#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

type Toggle = keyof Pick<LayoutSettings, 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch'>;

/** The settings panel (SPEC 2): theme colour and layout switches, kept across reloads. */
const SettingsPanel = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const settings = useLayoutSettings();
  // Pinyin search only means something in Chinese (SPEC 2).
  const toggles: Toggle[] = [
    'tagsView',
    'fixedHeader',
    'sidebarLogo',
    ...(i18n.language === 'zh' ? (['supportPinyinSearch'] as const) : []),
  ];
  return (
    <Drawer open={open} onClose={onClose} title={t('layout.settings.title')} width={300} data-testid="settings-panel">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text>{t('layout.settings.theme')}</Typography.Text>
          <ColorPicker
            value={settings.theme}
            presets={[{ label: t('layout.settings.presets'), colors: PRESETS }]}
            onChangeComplete={(c) => changeSetting('theme', c.toHexString())}
            data-testid="settings-theme"
          />
        </Space>
        <Divider style={{ margin: 0 }} />
        {toggles.map((key) => (
          <Space key={key} style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text>{t(`layout.settings.${key}`)}</Typography.Text>
            <Switch
              checked={settings[key]}
              onChange={(v) => changeSetting(key, v)}
              aria-label={t(`layout.settings.${key}`)}
              data-testid={`settings-${key}`}
            />
          </Space>
        ))}
      </Space>
    </Drawer>
  );
};

export default SettingsPanel;
