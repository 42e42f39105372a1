import { FastColor } from '@ant-design/fast-color';
import { theme, type ThemeConfig } from 'antd';
import { DEFAULT_SETTINGS } from './layout-settings';

/**
 * The theme every screen is drawn in, readable by every eye (WCAG 2.2 AA, issue 44): text at
 * 4.5:1 against what it stands on. antd's defaults are not: white on SPEC's #1890ff is 3.24:1
 * (primary buttons, the active tab), the colour on its own light tint 2.95:1 (the selected menu
 * item), its grey for secondary text 3.36:1 (the breadcrumb, hints, empty states), its green and
 * amber tags below 2.5:1. The colours are chosen here once; screens take them from antd's tokens.
 */

/** WCAG's contrast ratio of two colours. */
const contrast = (a: FastColor, b: FastColor) => {
  const [hi, lo] = [a.getLuminance(), b.getLuminance()].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** #rgb, #rrggbb or #rrggbbaa (the colour picker's answer), its alpha left out: the theme is opaque. */
const opaque = (colour: string) =>
  /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(colour.trim()) ? new FastColor(colour.trim()).setA(1) : undefined;

const WHITE = new FastColor('#ffffff');

/** The colour's light tint behind itself as text: a selected menu item or row, a processing tag. */
const tint = (colour: FastColor) => colour.clone().tint(90);

/** WCAG 1.4.3's ratio for text of normal size. */
const AA = 4.5;

/**
 * The shade of a theme colour the screens are drawn in: the colour itself where white text on it,
 * and it as text on its tint, read at 4.5:1; else the lightest darker shade of its hue that does.
 * SPEC 9 pins #1890ff as the default and the settings panel offers it among its presets: the panel
 * keeps offering and showing the colour the user chose, the screens render this shade of it.
 */
export const readableShade = (colour: string) => {
  const chosen = opaque(colour) ?? opaque(DEFAULT_SETTINGS.theme)!;
  const { h, s, l } = chosen.toHsl();
  let shade = chosen;
  for (let lightness = l; lightness > 0 && Math.min(contrast(shade, WHITE), contrast(shade, tint(shade))) < AA;)
    shade = new FastColor({ h, s, l: (lightness = Math.max(lightness - 0.005, 0)) });
  return shade.toHexString();
};

/** A step darker, for hover and press: antd's own lighter hover would put white text below 4.5:1. */
const deeper = (hex: string, percent: number) => new FastColor(hex).darken(percent).toHexString();

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
    const ground = new FastColor(palette[`${colour}1`]);
    const text = [7, 8, 9, 10]
      .map((shade) => palette[`${colour}${shade}`])
      .find((hex) => contrast(new FastColor(hex), ground) >= AA);
    return [`${colour}7`, text];
  }),
);

/** antd's tokens for a chosen theme colour. */
export const readableTheme = (brand: string): Pick<ThemeConfig, 'token' | 'components'> => {
  const primary = readableShade(brand);
  // antd derives its tint from the colour, into a grey for dark ones (#304156, a preset): the tint
  // the colour was chosen against instead.
  const background = tint(new FastColor(primary)).toHexString();
  const hover = deeper(primary, 6);
  const active = deeper(primary, 12);
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
