import { rgbPng } from './rgb-png';

/**
 * A small product picture for the demo catalogue: a carton of the given colour on a light ground,
 * as a real PNG, so thumbnails show without shipping image files in the repository.
 */
export function cartonPng([r, g, b]: [number, number, number], size = 96): Buffer {
  return rgbPng(size, (x, y) => {
    const inBox = x > size * 0.2 && x < size * 0.8 && y > size * 0.25 && y < size * 0.8;
    const tape = inBox && Math.abs(x - size / 2) < size * 0.05;
    const edge = inBox && (x < size * 0.23 || x > size * 0.77 || y < size * 0.28 || y > size * 0.77);
    const shade = tape ? 0.6 : edge ? 0.75 : 1;
    return inBox ? [r * shade, g * shade, b * shade] : [244, 246, 248];
  });
}
