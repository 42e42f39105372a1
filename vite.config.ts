import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appIcons } from './scripts/app-icons';
import { offlineApp } from './scripts/offline-app';
import { precompress } from './scripts/precompress';
import { standIns } from './src/web/stand-ins/aliases';
import { importRedirects } from './src/web/stand-ins/redirects';

/**
 * The web app. Pages are split by route (React.lazy); the large libraries get chunks of their own
 * so the login page does not wait for the form engine or Casbin, and browsers cache them across
 * releases. Vite 8 bundles with Rolldown: `codeSplitting.groups` is its form of manualChunks.
 */
// Order matters: a group also takes the dependencies of what it captures (Rolldown's default),
// so the shared base libraries come first and the form engine last.
const libraryChunks: [string, RegExp][] = [
  [
    'react',
    /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie|set-cookie-parser|html-parse-stringify|void-elements)[\\/]/,
  ],
  [
    'refine',
    /node_modules[\\/](@refinedev[\\/](?!antd)[^\\/]+|@tanstack|papaparse|pluralize|warn-once|qs|lodash-es)[\\/]/,
  ],
  ['casbin', /node_modules[\\/](casbin|await-lock|expression-eval|jsep)[\\/]/],
  [
    'rjsf',
    /node_modules[\\/](@rjsf[\\/](?!antd)[^\\/]+|ajv|ajv-formats|fast-uri|json-schema-traverse|jsonpointer|markdown-to-jsx)[\\/]/,
  ],
  // The charts of the reports and dashboards, loaded with the first chart drawn and nowhere else;
  // with what only they use (G2's d3 modules, html2canvas for downloads, gl-matrix, lodash), which
  // otherwise formed a second chart chunk that Rolldown named after lodash.
  [
    'plots',
    /node_modules[\\/](@ant-design[\\/](plots|charts-util)|@antv|d3-[^\\/]+|html2canvas|gl-matrix|lodash|color-name|color-string|simple-swizzle|is-arrayish|fecha|eventemitter3|pdfast|flru)[\\/]/,
  ],
];

export default defineConfig({
  // The service worker is written last (its plugin waits for the others' closeBundle), after the
  // icons it precaches and the compressed copies, which leave it out.
  plugins: [react(), appIcons(), precompress(), importRedirects({ requireAll: true }), offlineApp()],
  resolve: { alias: standIns },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Refine's CSV import and export hooks, which we do not use, import papaparse: as a CommonJS
      // module it counted as having side effects and stayed in the first load (7 KB gzip).
      // error-stack-parser (and its stackframe) serve Refine's devtools, whose tracing returns
      // before using it outside development: kept for its side effects, it cost 2 KB gzip.
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/]papaparse[\\/]/, sideEffects: false },
          { test: /node_modules[\\/](error-stack-parser|stackframe)[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Library chunks that take only the modules they name import back from the common chunks
        // Rolldown makes; without a strict order a cycle between them ran a module before its
        // imports (the form engine failed with "is not a function").
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            // Vite's preload helper would otherwise land in the first lazy library chunk (casbin)
            // and drag it into the first load.
            { name: 'preload', test: /preload-helper/, priority: 200 },
            // The lazy libraries take only what they name: with their dependencies they would
            // also take helpers (rc-util, babel's) that the first screen imports, and with those
            // the whole library would join the first load.
            ...libraryChunks.map(([name, test], i) => ({
              name,
              test,
              priority: libraryChunks.length - i,
              includeDependenciesRecursively: name === 'react' || name === 'refine',
            })),
          ],
        },
      },
    },
  },
});
