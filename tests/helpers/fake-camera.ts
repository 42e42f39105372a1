import { readFileSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/** An 8-bit RGBA, non-interlaced PNG (what bwip-js writes) as grey levels over white. */
function greyOfPng(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (png[24] !== 8 || png[25] !== 6 || png[28] !== 0) throw new Error('expected an 8-bit RGBA PNG');
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? pixels[y * stride + x - 4] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const corner = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4] : 0;
      const paeth = () => {
        const p = left + up - corner;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        return a <= b && a <= c ? left : b <= c ? up : corner;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const grey = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b, a] = pixels.subarray(i * 4, i * 4 + 4);
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    grey[i] = Math.round((luma * a + 255 * (255 - a)) / 255);
  }
  return { width, height, grey };
}

/**
 * A Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`): the image centred
 * on a white 640 x 480 frame, which Chromium plays in a loop as if held in front of the lens.
 */
export function fakeCameraVideo(pngPath: string, y4mPath: string) {
  const { width, height, grey } = greyOfPng(readFileSync(pngPath));
  const [W, H] = [640, 480];
  const luma = Buffer.alloc(W * H, 255);
  const [left, top] = [(W - width) >> 1, (H - height) >> 1];
  for (let y = 0; y < height; y++) grey.copy(luma, (top + y) * W + left, y * width, (y + 1) * width);
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  writeFileSync(
    y4mPath,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]),
  );
}
