import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

/**
 * The web app. Pages are split by route (React.lazy); the large libraries get chunks of their own
 * so the login page does not wait for the form engine or Casbin, and browsers cache them across
 * releases. Vite 8 bundles with Rolldown: `codeSplitting.groups` is its form of manualChunks.
 */
// Order matters: a group also takes the dependencies of what it captures (Rolldown's default),
// so the shared base libraries come first and the form engine last.
const libraryChunks: [string, RegExp][] = [
  ['react', /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie|set-cookie-parser|html-parse-stringify|void-elements)[\\/]/],
  ['antd', /node_modules[\\/](antd|@ant-design[\\/](?!plots|charts-util)[^\\/]+|rc-[^\\/]+|@rc-component|dayjs|@emotion|stylis|classnames|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|resize-observer-polyfill|json2mq|string-convert|toggle-selection|copy-to-clipboard)[\\/]/],
  ['refine', /node_modules[\\/](@refinedev[\\/](?!antd)[^\\/]+|@tanstack|query-string|decode-uri-component|filter-obj|split-on-first|axios|papaparse|pluralize|warn-once|qs)[\\/]/],
  // Its own chunk: csv-parse (inside casbin) calls Buffer.from on load, so the polyfill must run
  // between loading buffer and loading casbin (STACK pitfall).
  ['buffer', /node_modules[\\/](buffer|base64-js|ieee754)[\\/]/],
  // Refine's Ant Design parts serve only the generated pages, which load lazily: kept apart from
  // Refine's core so the first screen does not pull antd's tables, forms and uploads with them.
  // Its reset.css stays out: the entry imports it, and with it this whole chunk.
  ['refine-antd', /node_modules[\\/]@refinedev[\\/]antd[\\/].*\.[cm]?js$/],
  ['casbin', /node_modules[\\/](casbin|csv-parse|await-lock|expression-eval|jsep|minimatch|brace-expansion|balanced-match|picomatch)[\\/]/],
  ['rjsf', /node_modules[\\/](@rjsf|ajv|ajv-formats|fast-uri|json-schema-traverse|jsonpointer|markdown-to-jsx|lodash|lodash-es)[\\/]/],
  // The charts of the reports and dashboards, loaded with the first chart drawn and nowhere else.
  ['plots', /node_modules[\\/](@ant-design[\\/](plots|charts-util)|@antv)[\\/]/],
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper would otherwise land in the first lazy library chunk (casbin)
            // and drag it into the first load.
            { name: 'preload', test: /preload-helper/, priority: 200 },
            // antd's parts the first screen needs; the rest (pickers, trees...) load with the pages.
            { name: 'antd', test: libraryChunks[1][1], tags: ['$initial'], priority: 100 },
            ...libraryChunks.map(([name, test], i) => ({ name: name === 'antd' ? 'antd-more' : name, test, priority: libraryChunks.length - i })),
          ],
        },
      },
    },
  },
});
