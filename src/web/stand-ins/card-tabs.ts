/**
 * The Tabs antd's Card imports for its `tabList` head (redirected in redirects.ts): no card of ours
 * has one (tests/unit/stand-ins.test.ts), and Tabs came with every card into the dashboard's first
 * load (9 KB gzip). A page that needs tabs imports antd's Tabs itself.
 */
const CardTabs = (): never => {
  throw new Error(
    'Card tabList is left out of the browser build (src/web/stand-ins/card-tabs.ts): put antd Tabs in the card instead',
  );
};

export default CardTabs;
