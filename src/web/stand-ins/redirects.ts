import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Redirect {
  /** The module whose import is redirected, by its path in node_modules. */
  importer: RegExp;
  /** The import as written there. */
  source: string;
  /** What it resolves to instead. */
  to: string;
}

/**
 * Single imports inside antd that brought whole libraries into every first load for one small
 * piece, resolved to that piece: the module that defines it, or a stand-in beside this file (each
 * says why). Only these importers are affected; every other import of the same modules is not.
 */
export const redirects: Redirect[] = [
  // antd's form context (every input, select and overlay imports it) takes rc-field-form's
  // FormProvider from the package's index, and with it the whole form library (15 KB gzip) into
  // screens that show no antd Form, the login page among them. FormContext.js defines it; the
  // index re-exports that same module.
  { importer: /antd[\\/]es[\\/]form[\\/]context\.js$/, source: 'rc-field-form', to: 'rc-field-form/es/FormContext' },
  {
    importer: /antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    source: '../../color-picker/components/ColorPresets',
    to: here('./button-colors.ts'),
  },
  // The colour class that antd's button style and tooltip build (through the picker's color.js and
  // util.js), from the picker's index, its whole component: color.js defines it.
  {
    importer: /antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/,
    source: '@rc-component/color-picker',
    to: '@rc-component/color-picker/es/color',
  },
  { importer: /antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', to: here('./card-tabs.ts') },
  { importer: /antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../message/useMessage', to: here('./message-hook.ts') },
  { importer: /antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../modal/useModal', to: here('./modal-hook.ts') },
  {
    importer: /antd[\\/]es[\\/]app[\\/]App\.js$/,
    source: '../notification/useNotification',
    to: here('./notification-hook.ts'),
  },
];

/**
 * The redirects as a Vite plugin. With `requireAll`, a build in which one of them no longer
 * matches fails: antd changed, and the weight it kept out would return unnoticed.
 */
export const importRedirects = ({ requireAll = false } = {}): Plugin => {
  const used = new Set<Redirect>();
  return {
    name: 'import-redirects',
    // The dev server pre-bundles antd whole, past any plugin: there the real modules serve.
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      used.clear();
    },
    resolveId(source, importer, options) {
      const redirect = importer && redirects.find((r) => r.source === source && r.importer.test(importer));
      if (!redirect) return null;
      used.add(redirect);
      return this.resolve(redirect.to, importer, { ...options, skipSelf: true });
    },
    buildEnd(error) {
      const unused = redirects.filter((r) => !used.has(r));
      if (requireAll && !error && unused.length)
        this.error(
          `import redirects no longer matched: ${unused.map((r) => `${r.source} from ${r.importer}`).join('; ')} (src/web/stand-ins/redirects.ts)`,
        );
    },
  };
};
