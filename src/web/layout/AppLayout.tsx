import { useRef } from 'react';
import { Layout, theme } from 'antd';
import { useLayoutSettings } from '../providers/layout-settings';
import { Header } from './Header';
import { Sidebar } from './sidebar/Sidebar';
import { PageSlot } from './tags/page-slot';
import { TagsView } from './tags/TagsView';
import { useMeasureTopBar } from './top-bar';
import { useTrackViews } from './tags/use-track-views';

/**
 * The staff workspace frame: sidebar, header, tabs and the place of the kept-alive pages (KeepAlive
 * renders them there). It reads only route meta and the resources, so every page gets it for free.
 */
export const AppLayout = () => {
  const { token } = theme.useToken();
  const { tagsView, fixedHeader } = useLayoutSettings();
  const topBar = useRef<HTMLDivElement>(null);
  useMeasureTopBar(topBar, fixedHeader);
  return (
    <Layout style={{ minHeight: '100vh' }} hasSider>
      <TrackViews />
      <Sidebar />
      <Layout style={{ minWidth: 0 }}>
        <div
          ref={topBar}
          data-testid="top-bar"
          style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 10 } : undefined}
        >
          <Header />
          {tagsView && <TagsView />}
        </div>
        <Layout.Content style={{ padding: 16, background: token.colorBgLayout }}>
          <PageSlot />
        </Layout.Content>
      </Layout>
    </Layout>
  );
};

/**
 * Follows the location on its own: in the frame itself it would render the sidebar, the header
 * and every kept page again on each click.
 */
const TrackViews = () => {
  useTrackViews();
  return null;
};
