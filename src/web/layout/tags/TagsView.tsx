import { memo, useCallback, useEffect, useRef } from 'react';
import { Dropdown, theme } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT } from '../../providers/readable-theme';
import { routeMeta } from '../route-meta';
import {
  closeAllViews,
  closeOtherViews,
  closeView,
  droppedBy,
  refreshView,
  tagsStore,
  useViews,
  viewTitle,
  type TabAction,
  type View,
} from './tags-store';
import { useConfirmDiscard } from './use-confirm-discard';
import './tags.css';

/** The tabs bar under the header with its context menu (SPEC 2): refresh, close, close others, close all. */
export const TagsView = () => {
  const { token } = theme.useToken();
  const views = useViews();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const confirmDiscard = useConfirmDiscard();

  // After closing the current tab, go to the last one left (or home when none is).
  const toLast = () => {
    const last = tagsStore.get().at(-1);
    navigate(last ? last.fullPath : '/');
  };

  const confirmAct = (action: TabAction, view: View) =>
    confirmDiscard(droppedBy(action, view.path), () => act(action, view));
  // One stable handler for every tab, reading the latest state, so a tab whose own props did not
  // change is not rendered again on each navigation.
  const latest = useRef(confirmAct);
  latest.current = confirmAct;
  const onAction = useCallback((action: TabAction, view: View) => latest.current(action, view), []);

  const act = (action: TabAction, view: View) => {
    if (action === 'refresh') {
      refreshView(view.path);
      // Through /redirect/* so the route itself is entered again (SPEC 2).
      navigate(`/redirect${view.fullPath}`, { replace: true });
    } else if (action === 'close') {
      closeView(view.path);
      if (view.path === pathname) toLast();
    } else if (action === 'closeOthers') {
      closeOtherViews(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    } else if (action === 'closeAll') {
      closeAllViews();
      if (!tagsStore.get().some((v) => v.path === pathname)) toLast();
    }
  };

  return (
    <div
      data-testid="tags-view"
      style={{
        display: 'flex',
        gap: 4,
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        padding: '4px 12px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: '0 1px 3px 0 rgba(0,0,0,.08)',
      }}
    >
      {views.map((view) => (
        <Tag key={view.path} view={view} active={view.path === pathname} onAction={onAction} />
      ))}
    </div>
  );
};

/** One tab with its context menu: refresh, close, close others, close all. */
const Tag = memo(function Tag({
  view,
  active,
  onAction,
}: {
  view: View;
  active: boolean;
  onAction: (action: TabAction, view: View) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const meta = routeMeta(view.path);
  const ref = useRef<HTMLAnchorElement>(null);
  // With more tabs than fit, the active one is brought into view (the bar scrolls sideways). After
  // the switch is painted: asked at once, the browser lays out the page just shown a second time
  // before showing it (issue 13, tab switch).
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => ref.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [active, view.name]);
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: [
          { key: 'refresh', label: t('layout.tags.refresh') },
          { key: 'close', label: t('layout.tags.close'), disabled: view.affix },
          { key: 'closeOthers', label: t('layout.tags.closeOthers') },
          { key: 'closeAll', label: t('layout.tags.closeAll') },
        ],
        onClick: ({ key }) => onAction(key as TabAction, view),
      }}
    >
      <Link
        ref={ref}
        to={view.fullPath}
        data-testid="tag"
        data-path={view.path}
        data-active={active}
        className="workspace-tab"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          height: 26,
          padding: '0 8px',
          fontSize: 12,
          border: `1px solid ${active ? token.colorPrimary : token.colorBorder}`,
          background: active ? token.colorPrimary : token.colorBgContainer,
          color: active ? token.colorTextLightSolid : token.colorText,
          borderRadius: token.borderRadiusSM,
        }}
      >
        {active && <span style={{ width: 6, height: 6, borderRadius: 3, background: token.colorTextLightSolid }} />}
        {meta ? viewTitle(t, meta.titleKey, view.name) : view.path}
        {view.dirty && (
          <span
            title={t('layout.tags.unsaved')}
            aria-label={t('layout.tags.unsaved')}
            data-testid="tag-unsaved"
            style={{ color: active ? token.colorTextLightSolid : WARNING_TEXT }}
          >
            *
          </span>
        )}
        {!view.affix && (
          <CloseOutlined
            aria-label={t('layout.tags.close')}
            data-testid="tag-close"
            className="workspace-tab-close"
            style={{ fontSize: 10 }}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              onAction('close', view);
            }}
          />
        )}
      </Link>
    </Dropdown>
  );
});
