import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

// The box (antd's Select, fuse.js) is fetched on the first hover, focus or click of the button, as
// the login page's language menu: a screen opened cold does not wait for it.
const loadBox = () => import('./MenuSearchBox');
const MenuSearchBox = lazy(loadBox);
const prefetch = () => void loadBox();

/** Header menu search (SPEC 2): a button that opens the search box in its place. */
export const MenuSearch = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<SearchOutlined />}
      aria-label={t('layout.search.title')}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setOpen(true)}
      data-testid="menu-search"
    />
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <MenuSearchBox onClose={() => setOpen(false)} />
    </Suspense>
  );
};
