import { rgbPng } from '../src/server/seed/rgb-png';
import type { Plugin } from 'vite';

/** The sizes the web manifest names: Android's home screen and its splash screen. */
export const ICON_SIZES = [192, 512] as const;

const BLUE = [0x16, 0x77, 0xff];
/** A barcode's bars and gaps, in units of width: read as bars, not as any code. */
const BARS = [3, 1, 1, 2, 2, 1, 1, 3, 1, 1, 2, 2, 3, 1, 1];

/**
 * The app's icon as a PNG of `size` pixels: white barcode bars on the interface's blue, the blue to
 * every edge and the bars inside the middle half, so a launcher's round or squircle mask cuts none.
 */
export function appIcon(size: number): Buffer {
  const units = BARS.reduce((sum, w) => sum + w, 0);
  const left = Math.round(size * 0.25);
  const unit = (size * 0.5) / units;
  const [top, bottom] = [Math.round(size * 0.3), Math.round(size * 0.7)];
  const white = new Array<boolean>(size).fill(false);
  let at = 0;
  BARS.forEach((width, i) => {
    if (i % 2 === 0)
      for (let x = Math.round(left + at * unit); x < Math.round(left + (at + width) * unit); x++) white[x] = true;
    at += width;
  });
  return rgbPng(size, (x, y) => (white[x] && y >= top && y < bottom ? [255, 255, 255] : BLUE));
}

/** Writes the icons into the build (icons/icon-<size>.png), made from code rather than kept as binaries. */
export function appIcons(): Plugin {
  return {
    name: 'app-icons',
    apply: 'build',
    generateBundle() {
      for (const size of ICON_SIZES)
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: appIcon(size) });
    },
  };
}
