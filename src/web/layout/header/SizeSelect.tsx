import { Button, Dropdown } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeSize, SIZES, useSize, type Size } from '../../providers/size';
import { feedback } from '../../providers/feedback';

/** Component size for all Ant Design components (SPEC 2, DESIGN C11); the current one is disabled. */
export const SizeSelect = () => {
  const { t } = useTranslation();
  const size = useSize();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: SIZES.map((s) => ({ key: s, label: t(`layout.size.${s}`), disabled: s === size })),
        selectedKeys: [size],
        onClick: ({ key }) => {
          changeSize(key as Size);
          void feedback.message.success(t('layout.size.switched'));
        },
      }}
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label={t('layout.size.title')} data-testid="size-select" />
    </Dropdown>
  );
};
