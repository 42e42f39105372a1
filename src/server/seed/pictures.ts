import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A small product picture for the demo catalogue: a carton of the given colour on a light ground,
 * as a real PNG, so thumbnails show without shipping image files in the repository.
 */
export function cartonPng([r, g, b]: [number, number, number], size = 96): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inBox = x > size * 0.2 && x < size * 0.8 && y > size * 0.25 && y < size * 0.8;
      const tape = inBox && Math.abs(x - size / 2) < size * 0.05;
      const edge = inBox && (x < size * 0.23 || x > size * 0.77 || y < size * 0.28 || y > size * 0.77);
      const shade = tape ? 0.6 : edge ? 0.75 : 1;
      const [pr, pg, pb] = inBox ? [r * shade, g * shade, b * shade] : [244, 246, 248];
      row.writeUInt8(Math.round(pr), 1 + x * 3);
      row.writeUInt8(Math.round(pg), 2 + x * 3);
      row.writeUInt8(Math.round(pb), 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
