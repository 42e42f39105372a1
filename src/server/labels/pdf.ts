import { deflateSync } from 'node:zlib';

/** Points per millimetre: PDF measures in 1/72 inch. */
export const MM = 72 / 25.4;

/** Latin-1 is WinAnsi's upper half too, so such text needs no embedded font. */
const isWinAnsi = (text: string) => /^[\x20-\x7e\xa0-\xff]*$/.test(text);

const literal = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** UTF-16BE code units as hex, what the UCS-2 CMap of the CJK font reads. */
const utf16Hex = (text: string) => `<${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`;

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, ''));

/** One page's drawing operators, in points from the bottom left. */
export class PdfPage {
  readonly ops: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /**
   * Text on one line. Latin text is set in Helvetica; anything else (names in Chinese or Japanese) in
   * STSong-Light through Adobe's GB1 character collection, which PDF readers supply themselves, so
   * no font file travels in the document.
   */
  text(x: number, y: number, size: number, text: string) {
    const [font, shown] = isWinAnsi(text) ? ['/F1', literal(text)] : ['/F2', utf16Hex(text)];
    this.ops.push(`BT ${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${shown} Tj ET`);
  }

  /** A rough advance width, enough to shorten what would run off a label. */
  static textWidth(text: string, size: number) {
    let em = 0;
    for (const c of text) em += c.charCodeAt(0) < 0x2e80 ? 0.56 : 1;
    return em * size;
  }

  rect(x: number, y: number, width: number, height: number, lineWidth = 0.5) {
    this.ops.push(`${num(lineWidth)} w ${num(x)} ${num(y)} ${num(width)} ${num(height)} re S`);
  }

  /** Whatever `draw` adds, moved to (x, y) and scaled. */
  group(x: number, y: number, scale: number, draw: () => void) {
    this.ops.push(`q ${num(scale)} 0 0 ${num(scale)} ${num(x)} ${num(y)} cm`);
    draw();
    this.ops.push('Q');
  }

  /** Operators drawn in a box of their own coordinates, y downward as in SVG, scaled by `scale`. */
  inBox(x: number, top: number, scale: number, ops: string[]) {
    this.ops.push(`q ${num(scale)} 0 0 ${num(-scale)} ${num(x)} ${num(top)} cm`, ...ops, 'Q');
  }
}

/** A PDF 1.4 file of vector pages: the two fonts above and one compressed content stream per page. */
export class PdfDocument {
  private readonly pages: PdfPage[] = [];

  addPage(width: number, height: number) {
    const page = new PdfPage(width, height);
    this.pages.push(page);
    return page;
  }

  toBuffer(): Buffer {
    const objects: (string | Buffer)[] = [];
    const add = (body: string | Buffer) => objects.push(body);
    const FIRST_PAGE = 7;
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add(
      `<< /Type /Pages /Count ${this.pages.length} /Kids [${this.pages.map((_, i) => `${FIRST_PAGE + 2 * i} 0 R`).join(' ')}] >>`,
    );
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    add('<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [5 0 R] >>');
    add(
      '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 6 0 R /DW 1000 /W [1 95 500] >>',
    );
    add(
      '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    );
    this.pages.forEach((page, i) => {
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${FIRST_PAGE + 2 * i + 1} 0 R >>`,
      );
      // Latin-1 bytes as written: the operators hold WinAnsi strings, never UTF-8.
      const content = deflateSync(Buffer.from(page.ops.join('\n'), 'latin1'));
      add(
        Buffer.concat([
          Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
          content,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      );
    });
    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0].length;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(offset);
      const chunk = Buffer.concat([
        Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
        typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
        Buffer.from('\nendobj\n', 'latin1'),
      ]);
      chunks.push(chunk);
      offset += chunk.length;
    });
    const xref =
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
      offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
    chunks.push(Buffer.from(xref, 'latin1'));
    return Buffer.concat(chunks);
  }
}
