/** One unpacking a zip reader does: the raw bytes [start, end) of the file, stored or deflated. */
export interface ZipEntry {
  start: number;
  end: number;
  deflated: boolean;
  /** The unpacked size the headers claim (0 where they leave it open); a claim, never a bound. */
  declared: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const CRX = 0x34327243;
const DESCRIPTOR = Buffer.from('PK\u0007\u0008', 'latin1');
const END = Buffer.from('PK\u0005\u0006', 'latin1');
const WIDE = 0xffffffff;

/**
 * Every unpacking exceljs's two zip readers would do on `content`, stopping past `most`; undefined
 * for an archive whose central directory needs zip64 (no file of a few MB does). The readers find
 * entries differently, and an archive can tell each its own story (an entry only one of them sees,
 * entries overlapping, sizes that lie), so both are followed as these library versions do:
 * jszip (a workbook read whole) by the central directory at the end, unzipper (a workbook
 * streamed) by the local headers from the start. The bytes an entry spans are the ones the reader
 * hands to its inflater; only the unpacked sizes are left to the caller to measure.
 */
export function zipEntries(content: Buffer, most: number): ZipEntry[] | undefined {
  const central = centralEntries(content, most);
  if (!central) return undefined;
  const seen = new Set(central.map(key));
  const streamed = [...localEntries(content, most)].filter((entry) => !seen.has(key(entry)));
  return [...central, ...streamed];
}

const key = (entry: ZipEntry) => `${entry.start}-${entry.end}-${entry.deflated}`;

const fits = (b: Buffer, at: number, length: number) => at >= 0 && at + length <= b.length;

/** unzipper 0.10's walk: record after record from the first byte, until one it cannot read. */
function* localEntries(b: Buffer, most: number): Generator<ZipEntry> {
  let at = 0;
  for (let count = 0; count <= most && fits(b, at, 4);) {
    const signature = b.readUInt32LE(at);
    if (signature === CENTRAL && fits(b, at, 46)) {
      at += 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    } else if (signature === CRX && fits(b, at, 16)) {
      at += 16 + b.readUInt32LE(at + 8) + b.readUInt32LE(at + 12);
    } else if (signature === LOCAL && fits(b, at, 30)) {
      const names = at + 30 + b.readUInt16LE(at + 26);
      const start = Math.min(names + b.readUInt16LE(at + 28), b.length);
      let size: number | undefined = b.readUInt32LE(at + 18);
      if (size === WIDE) size = zip64Size(b.subarray(names, start));
      // Without a size, unzipper reads up to the next data descriptor's signature, wherever it is.
      const sized = !(b.readUInt16LE(at + 6) & 8) || Boolean(size);
      const end = sized ? Math.min(start + (size ?? b.length), b.length) : upTo(b, DESCRIPTOR, start);
      yield { start, end, deflated: b.readUInt16LE(at + 8) !== 0, declared: claimed(b.readUInt32LE(at + 22)) };
      count++;
      at = sized ? end : end + 16;
    } else return;
  }
}

const upTo = (b: Buffer, signature: Buffer, from: number) => {
  const found = b.indexOf(signature, from);
  return found < 0 ? b.length : found;
};

/** The compressed size in a zip64 extra field, where unzipper looks for it. */
function zip64Size(extra: Buffer) {
  for (let at = 0; fits(extra, at, 4); at += 4 + extra.readUInt16LE(at + 2))
    if (extra.readUInt16LE(at) === 1) return fits(extra, at, 20) ? Number(extra.readBigUInt64LE(at + 12)) : undefined;
  return undefined;
}

/**
 * jszip 3.10's entries: its directory at the offset the last end record gives (shifted as jszip
 * shifts it when bytes come before it), each entry's data after its local header. An archive
 * jszip refuses to open has none.
 */
function centralEntries(b: Buffer, most: number): ZipEntry[] | undefined {
  const end = b.lastIndexOf(END);
  if (!fits(b, end, 22)) return [];
  const size = b.readUInt32LE(end + 12);
  const offset = b.readUInt32LE(end + 16);
  if (size === WIDE || offset === WIDE || [4, 6, 8, 10].some((field) => b.readUInt16LE(end + field) === 0xffff))
    return undefined;
  const zero = end - (offset + size);
  if (zero < 0) return [];
  const entries: ZipEntry[] = [];
  for (let at = zero + offset; entries.length <= most && fits(b, at, 46) && b.readUInt32LE(at) === CENTRAL;) {
    const local = b.readUInt32LE(at + 42);
    if (local === WIDE) return undefined;
    const header = zero + local;
    if (fits(b, header, 30)) {
      const start = Math.min(header + 30 + b.readUInt16LE(header + 26) + b.readUInt16LE(header + 28), b.length);
      const length = b.readUInt32LE(at + 20);
      entries.push({
        start,
        end: Math.min(length === WIDE ? b.length : start + length, b.length),
        deflated: b.readUInt16LE(at + 10) !== 0,
        declared: claimed(b.readUInt32LE(at + 24)),
      });
    }
    at += 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
  }
  return entries;
}

/** 0xFFFFFFFF only says the size is kept elsewhere (zip64). */
const claimed = (size: number) => (size === WIDE ? 0 : size);
