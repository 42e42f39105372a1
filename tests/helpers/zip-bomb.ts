import { constants, crc32, deflateRawSync } from 'node:zlib';

const MiB = 1024 * 1024;

/** One entry of an archive as its headers describe it: `size` and `crc` are whatever they claim. */
interface ZipPart {
  name: string;
  data: Buffer;
  deflated: boolean;
  size: number;
  crc: number;
}

/** An entry as an honest writer makes it: deflated, with its true size and CRC. */
export const honestPart = (name: string, text: string): ZipPart => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), deflated: true, size: raw.length, crc: crc32(raw) };
};

const standalone = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH });

/**
 * A worksheet of `mib` MiB of blanks between its tags, deflated about 1000 to 1 while claiming
 * `claimed` bytes. Built from one deflated MiB repeated: a full flush ends each copy on a byte
 * with no reference behind it, so the copies chain into one valid stream and the test never holds
 * (or spends the CPU on) what the sheet unpacks to.
 */
export function bombSheet(mib: number, claimed = 1024): ZipPart {
  const blanks = standalone(Buffer.alloc(MiB, ' '));
  const data = Buffer.concat([
    standalone(Buffer.from('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')),
    ...Array<Buffer>(mib).fill(blanks),
    deflateRawSync(Buffer.from('</sheetData></worksheet>')),
  ]);
  return { name: 'xl/worksheets/sheet1.xml', data, deflated: true, size: claimed, crc: 0 };
}

const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The parts of a one-sheet .xlsx besides the sheet itself. */
export const workbookParts = (): ZipPart[] => [
  honestPart(
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${XML}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${XML}.worksheet+xml"/></Types>`,
  ),
  honestPart(
    '_rels/.rels',
    `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ),
  honestPart(
    'xl/workbook.xml',
    `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${DOC}"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ),
  honestPart(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ),
];

/**
 * A zip archive of `parts` in order, each after its local header; the central directory lists
 * `listed`, so a part can be hidden from the readers that go by it, or listed more than once.
 */
export function zipFile(parts: ZipPart[], listed = parts): Buffer {
  const locals = parts.map((part) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(part.deflated ? 8 : 0, 8);
    header.writeUInt32LE(part.crc, 14);
    header.writeUInt32LE(part.data.length, 18);
    header.writeUInt32LE(part.size, 22);
    header.writeUInt16LE(Buffer.byteLength(part.name), 26);
    return Buffer.concat([header, Buffer.from(part.name), part.data]);
  });
  const offsets = locals.map((_, i) => locals.slice(0, i).reduce((sum, local) => sum + local.length, 0));
  const directory = Buffer.concat(
    listed.flatMap((part) => {
      const at = parts.indexOf(part);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      locals[at].copy(entry, 6, 4, 30);
      entry.writeUInt32LE(offsets[at], 42);
      return [entry, Buffer.from(part.name)];
    }),
  );
  const start = locals.reduce((sum, local) => sum + local.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed.length, 8);
  end.writeUInt16LE(listed.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-sheet .xlsx whose sheet unpacks to `mib` MiB, its headers claiming far less. */
export const xlsxBomb = (mib: number) => zipFile([...workbookParts(), bombSheet(mib)]);
