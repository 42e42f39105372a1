import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../../providers/layout-settings';
import { usePermittedMenu } from '../sidebar/use-permitted-menu';
import { buildMenuSearch, loadPinyin, type SearchItem } from './menu-search';

/** The open menu search (SPEC 2): the screens of the user's menu, fuzzy, and by pinyin in Chinese. */
const MenuSearchBox = ({ onClose }: { onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { tree } = usePermittedMenu();
  const { supportPinyinSearch } = useLayoutSettings();
  const [query, setQuery] = useState('');
  const [toPinyin, setToPinyin] = useState<((s: string) => string) | undefined>();
  const usePinyin = i18n.language === 'zh' && supportPinyinSearch;

  useEffect(() => {
    let live = true;
    if (usePinyin) void loadPinyin().then((fn) => live && setToPinyin(() => fn));
    else setToPinyin(undefined);
    return () => {
      live = false;
    };
  }, [usePinyin]);

  const search = useMemo(() => {
    const items: SearchItem[] = tree.flatMap((node) => {
      const label = (n: typeof node) => String(n.label ?? n.meta?.label ?? n.name);
      return node.children.length
        ? node.children.map((c) => ({ path: c.route ?? '', title: [label(node), label(c)] }))
        : [{ path: node.route ?? '', title: [label(node)] }];
    });
    return buildMenuSearch(items, toPinyin);
  }, [tree, toPinyin]);

  const options = search(query).map((item) => ({ value: item.path, label: item.title.join(' > ') }));

  return (
    <Select
      autoFocus
      defaultOpen
      showSearch
      filterOption={false}
      value={null}
      placeholder={t('layout.search.placeholder')}
      notFoundContent={query ? t('layout.search.empty') : null}
      options={options}
      onSearch={setQuery}
      onSelect={(path) => {
        onClose();
        if (path) navigate(path);
      }}
      onBlur={onClose}
      style={{ width: 210 }}
      data-testid="menu-search-input"
    />
  );
};

export default MenuSearchBox;
