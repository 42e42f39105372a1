/**
 * bwip-js's SVG as PDF path operators. It writes only `<path>` elements with absolute M, L, Q, C and
 * Z: bars as stroked lines of a width, 2D modules as even-odd filled polygons, the human-readable
 * text as filled glyph outlines. Anything else is a bwip-js change this must learn, so it throws.
 */
const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, ''));

const pathOps = (d: string): string[] => {
  const ops: string[] = [];
  let cx = 0;
  let cy = 0;
  for (const [, command, args] of d.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const n = (args.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    switch (command) {
      case 'M':
      case 'L':
        ops.push(`${num(n[0])} ${num(n[1])} ${command === 'M' ? 'm' : 'l'}`);
        [cx, cy] = n;
        break;
      case 'Q': {
        // A quadratic curve is the cubic whose controls lie two thirds of the way to its one control.
        const [qx, qy, x, y] = n;
        const c = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy), x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y)];
        ops.push(`${[...c, x, y].map(num).join(' ')} c`);
        [cx, cy] = [x, y];
        break;
      }
      case 'C':
        ops.push(`${n.map(num).join(' ')} c`);
        [cx, cy] = [n[4], n[5]];
        break;
      case 'Z':
        ops.push('h');
        break;
      default:
        throw new Error(`bwip-js path command ${command} is not drawn`);
    }
  }
  return ops;
};

export interface SvgOps {
  width: number;
  height: number;
  ops: string[];
}

export function svgOps(svg: string): SvgOps {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error('bwip-js SVG without a viewBox');
  const ops: string[] = ['0 g 0 G'];
  for (const [element] of svg.matchAll(/<path [^>]*\/>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
    const path = pathOps(attr('d') ?? '');
    const stroke = attr('stroke-width');
    if (stroke) ops.push(`${stroke} w`, ...path, 'S');
    else ops.push(...path, attr('fill-rule') === 'evenodd' ? 'f*' : 'f');
  }
  return { width: Number(box[1]), height: Number(box[2]), ops };
}
