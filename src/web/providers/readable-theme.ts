import { theme, type ThemeConfig } from 'antd';
import { DEFAULT_SETTINGS } from './layout-settings';

/**
 * The theme every screen is drawn in, readable by every eye (WCAG 2.2 AA, issue 44): text at
 * 4.5:1 against what it stands on. antd's defaults are not: white on SPEC's #1890ff is 3.24:1
 * (primary buttons, the active tab), the colour on its own light tint 2.95:1 (the selected menu
 * item), its grey for secondary text 3.36:1 (the breadcrumb, hints, empty states), its green and
 * amber tags below 2.5:1. The colours are chosen here once; screens take them from antd's tokens.
 */

type Rgb = [number, number, number];

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG's contrast ratio of two colours. */
export const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** #rgb, #rrggbb or #rrggbbaa (the colour picker's answer), its alpha left out: the theme is opaque. */
export const parseHex = (colour: string): Rgb | undefined => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
};

const toHex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

const toHsl = ([r, g, b]: Rgb): Rgb => {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l];
};

const fromHsl = ([h, s, l]: Rgb): Rgb => {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [r, g, b].map((v) => Math.round((v + m) * 255)) as Rgb;
};

const WHITE: Rgb = [255, 255, 255];

/** The colour's light tint behind itself as text: a selected menu item or row, a processing tag. */
const tint = (rgb: Rgb): Rgb => rgb.map((v) => Math.round(v + (255 - v) * 0.9)) as Rgb;

/** WCAG 1.4.3's ratio for text of normal size. */
const AA = 4.5;

/**
 * The shade of a theme colour the screens are drawn in: the colour itself where white text on it,
 * and it as text on its tint, read at 4.5:1; else the lightest darker shade of its hue that does.
 * SPEC 9 pins #1890ff as the default and the settings panel offers it among its presets: the panel
 * keeps offering and showing the colour the user chose, the screens render this shade of it.
 */
export const readableShade = (colour: string) => {
  const rgb = parseHex(colour) ?? parseHex(DEFAULT_SETTINGS.theme)!;
  const [h, s, l] = toHsl(rgb);
  let shade = rgb;
  for (let lightness = l; lightness > 0 && Math.min(contrast(shade, WHITE), contrast(shade, tint(shade))) < AA;)
    shade = fromHsl([h, s, (lightness = Math.max(lightness - 0.005, 0))]);
  return toHex(shade);
};

/** A step darker, for hover and press: antd's own lighter hover would put white text below 4.5:1. */
const deeper = (hex: string, by: number) => {
  const [h, s, l] = toHsl(parseHex(hex)!);
  return toHex(fromHsl([h, s, Math.max(l - by, 0)]));
};

/**
 * Text colours of the states as antd's status tags and typography show them, on their light tints:
 * antd's red-7, green-8 and gold-9, the first shades of antd's own palettes that read at 4.5:1
 * there. Only the text: icons, alerts and progress bars keep antd's brighter status colours.
 */
const ERROR = '#cf1322';
const SUCCESS_TEXT = '#237804';
export const WARNING_TEXT = '#874d00';

/**
 * antd's grey for secondary text (descriptions, the breadcrumb, hints, placeholders), made dark
 * enough for 4.5:1 on the layout's grey (#f5f5f5) as well as on white.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.56)';

const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

const palette = theme.getDesignToken() as unknown as Record<string, string>;

/**
 * A tag in a preset colour (a valid record's green tag) writes in the colour's seventh shade on its
 * first: below 4.5:1 for green, cyan, orange, gold and others. Their text takes the first darker
 * shade of antd's palette that reads there.
 */
const PRESET_TAG_TEXT = Object.fromEntries(
  PRESET_COLOURS.map((colour) => {
    const ground = parseHex(palette[`${colour}1`])!;
    const text = [7, 8, 9, 10]
      .map((shade) => palette[`${colour}${shade}`])
      .find((hex) => contrast(parseHex(hex)!, ground) >= AA);
    return [`${colour}7`, text];
  }),
);

/** antd's tokens for a chosen theme colour. */
export const readableTheme = (brand: string): Pick<ThemeConfig, 'token' | 'components'> => {
  const primary = readableShade(brand);
  // antd derives its tint from the colour, into a grey for dark ones (#304156, a preset): the tint
  // the colour was chosen against instead.
  const background = toHex(tint(parseHex(primary)!));
  const hover = deeper(primary, 0.06);
  const active = deeper(primary, 0.12);
  const status = { colorError: ERROR, colorSuccess: SUCCESS_TEXT, colorWarning: WARNING_TEXT, colorInfo: primary };
  return {
    token: {
      colorPrimary: primary,
      colorPrimaryHover: hover,
      colorPrimaryActive: active,
      colorPrimaryTextHover: hover,
      colorPrimaryBg: background,
      colorInfoBg: background,
      colorInfo: primary,
      colorLink: primary,
      colorLinkHover: hover,
      colorLinkActive: active,
      colorError: ERROR,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
    },
    components: {
      Tag: { ...status, ...PRESET_TAG_TEXT },
      Typography: status,
      // An empty table's "No data" is drawn in antd's disabled grey (1.8:1), though nothing is disabled.
      Table: { colorTextDisabled: SECONDARY_TEXT },
      // A value fixed once made (a bill's customer on its edit form) is shown in a disabled field,
      // and still read: its text as secondary text rather than antd's faint disabled grey.
      Select: { colorTextDisabled: SECONDARY_TEXT },
      Input: { colorTextDisabled: SECONDARY_TEXT },
      InputNumber: { colorTextDisabled: SECONDARY_TEXT },
      DatePicker: { colorTextDisabled: SECONDARY_TEXT },
    },
  };
};
