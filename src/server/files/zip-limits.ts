import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { zipEntries, type ZipEntry } from './zip-entries';

const MiB = 1024 * 1024;

/**
 * Why: an upload of a few MB can unpack to gigabytes (a sheet of zeros deflates about 1000 to 1),
 * and the zip readers behind exceljs unpack an entry whole, or stream it to the XML parser, before
 * anything could count rows, and trust no limit of ours: one such .xlsx took 31 s of CPU and left
 * the server 1.8 GB larger (issue 37). So an archive is unpacked here first, entry by entry in
 * small steps, counting and keeping nothing, and stopped as soon as it passes a cap. The headers'
 * sizes only refuse early: they can claim anything, so only the counted bytes let a file through.
 *
 * The caps, against the largest import there is (IMPORT_LIMITS: 10 MB, 50,000 rows), measured on
 * files exceljs wrote: 50,000 SKUs with all 14 columns filled, 4 MB, unpack to 30 MB (the sheet
 * 25 MB); 50,000 products with 1,000 characters of text each, 10.7 MB, to 78 MB (the shared
 * strings 55 MB, the sheet 21 MB). A writer that keeps strings in the sheet instead of the shared
 * table makes one entry of both, under 100 MB.
 * - an entry at most 128 MiB and all of them at most 256 MiB: above all of that, and still far
 *   from the gigabytes a bomb needs to hurt;
 * - at most 100 to 1 once an entry (or the whole) passes 1 MiB: real workbooks measured 5 to 12,
 *   a bomb 1000; small parts (styles, a theme) may repeat themselves more and cost nothing;
 * - at most 1000 entries: a workbook has a few dozen parts, and each entry costs a new inflater;
 * - each byte of the file read at most twice, once for each reader's view of the entries: entries
 *   sharing their bytes are how a bomb multiplies without nesting archives, and unpacking the
 *   same 10 MB for each of them would cost seconds even with nothing coming out.
 */
const LIMITS = {
  entries: 1000,
  entryBytes: 128 * MiB,
  totalBytes: 256 * MiB,
  ratio: 100,
  ratioFrom: MiB,
  readsOfEachByte: 2,
};

/** How much to hand the inflater at a time: output is counted after each of its 16 KB chunks. */
const STEP = 16 * 1024;

type ZipVerdict = 'fits' | 'tooLarge' | 'unreadable';

/** Whether a zip archive unpacks within the caps, 'unreadable' where its layout cannot be followed. */
export async function zipVerdict(content: Buffer): Promise<ZipVerdict> {
  const entries = zipEntries(content, LIMITS.entries);
  if (!entries) return 'unreadable';
  if (entries.length > LIMITS.entries || !claimsFit(entries)) return 'tooLarge';
  const total = { bytes: 0, read: 0 };
  const allFit = (bytes: number, read: number) =>
    within(total.bytes + bytes, total.read + read, LIMITS.totalBytes) &&
    total.read + read <= LIMITS.readsOfEachByte * content.length;
  for (const entry of entries) {
    const data = content.subarray(entry.start, entry.end);
    const size = entry.deflated
      ? await inflatedSize(data, (bytes, read) => within(bytes, read, LIMITS.entryBytes) && allFit(bytes, read))
      : { bytes: data.length, read: data.length };
    if (!size || !allFit(size.bytes, size.read)) return 'tooLarge';
    total.bytes += size.bytes;
    total.read += size.read;
  }
  return 'fits';
}

const within = (bytes: number, read: number, cap: number) =>
  bytes <= cap && (bytes <= LIMITS.ratioFrom || bytes <= read * LIMITS.ratio);

/** The first check, on what the headers say the entries unpack to. */
function claimsFit(entries: ZipEntry[]) {
  let claimed = 0;
  for (const entry of entries) {
    claimed += entry.declared;
    if (entry.deflated && !within(entry.declared, entry.end - entry.start, LIMITS.entryBytes)) return false;
  }
  return claimed <= LIMITS.totalBytes;
}

/**
 * The bytes raw deflate data unpacks to and the bytes read for them, unpacked a step at a time and
 * stopped (undefined) once `fits(unpacked, read)` says no. Damaged data counts what came out before
 * the damage: a reader stops at the same byte.
 */
function inflatedSize(
  data: Buffer,
  fits: (bytes: number, read: number) => boolean,
): Promise<{ bytes: number; read: number } | undefined> {
  return new Promise((resolve) => {
    const source = Readable.from(steps(data));
    const inflater = createInflateRaw();
    let bytes = 0;
    const settle = (size: { bytes: number; read: number } | undefined) => {
      source.destroy();
      inflater.destroy();
      resolve(size);
    };
    const counted = () => ({ bytes, read: inflater.bytesWritten });
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!fits(bytes, inflater.bytesWritten)) settle(undefined);
    });
    inflater.on('end', () => settle(counted()));
    inflater.on('error', () => settle(counted()));
    source.pipe(inflater);
  });
}

function* steps(data: Buffer) {
  for (let at = 0; at < data.length; at += STEP) yield data.subarray(at, at + STEP);
}
