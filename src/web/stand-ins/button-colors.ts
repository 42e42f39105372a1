import { Color } from '@rc-component/color-picker/es/color';
import type { AggregationColor } from 'antd/es/color-picker/color';

/**
 * ColorPresets' isBright, the one thing antd's button style takes from the colour picker
 * (redirected in redirects.ts): imported from the picker's presets, it brought Collapse and the
 * picker's own code into every first load, the login page's too. Same computation as antd 5.29's.
 */
export const isBright = (value: AggregationColor, bgColorToken: string) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new Color(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // Adapted to dark mode
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
