import { toSVG, type RenderOptions } from 'bwip-js/node';
import { barcodeSymbology, lotCode } from '../../domain/barcode';
import { MM, PdfDocument, PdfPage } from './pdf';
import { svgOps } from './svg-ops';

/** What one lot's label shows. */
export interface LotLabel {
  lotId: number;
  skuTitle: string;
  skuBarcode: string | null;
  customer: string;
  inboundNo: string;
  inboundDate: string;
  warehouse: string;
  pallets: number;
  pieces: number;
}

export type LabelLayout = 'label' | 'a4';

/** Quiet zones inside each symbol's own box, so no layout can crowd them: ten modules for bars, four for QR. */
const QUIET = { paddingwidth: 10, paddingheight: 2 };

/**
 * The symbols a label carries, with the options they are printed with: the decoding test renders
 * the same ones to images and reads them back.
 */
export const labelSymbols = (
  label: Pick<LotLabel, 'lotId' | 'skuBarcode'>,
): { lot: RenderOptions; qr: RenderOptions; sku?: RenderOptions } => ({
  lot: { bcid: 'code128', text: lotCode(label.lotId), height: 14, includetext: true, textsize: 12, ...QUIET },
  qr: { bcid: 'qrcode', text: lotCode(label.lotId), padding: 8 },
  ...(label.skuBarcode && {
    sku: {
      bcid: barcodeSymbology(label.skuBarcode),
      text: label.skuBarcode,
      height: 12,
      includetext: true,
      textsize: 10,
      ...QUIET,
    },
  }),
});

const WIDTH = 100 * MM;
const HEIGHT = 150 * MM;
const MARGIN = 5 * MM;
const A4 = { width: 210 * MM, height: 297 * MM, columns: 2, rows: 2 };

/** A symbol fitted into a box (centred across it), answering the height it took. */
const symbol = (page: PdfPage, options: RenderOptions, x: number, top: number, width: number, height: number) => {
  const drawn = svgOps(toSVG(options));
  const scale = Math.min(width / drawn.width, height / drawn.height);
  page.inBox(x + (width - drawn.width * scale) / 2, top, scale, drawn.ops);
  return drawn.height * scale;
};

/** Text cut to the width it may take, so a long title never runs into the next label. */
const fitted = (text: string, size: number, width: number) => {
  if (PdfPage.textWidth(text, size) <= width) return text;
  let cut = [...text];
  while (cut.length && PdfPage.textWidth(`${cut.join('')}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut.join('')}...`;
};

/** One 100 x 150 mm label drawn with its bottom left corner at the page's origin. */
function drawLabel(page: PdfPage, label: LotLabel, caption: (key: string) => string) {
  const symbols = labelSymbols(label);
  const inner = WIDTH - 2 * MARGIN;
  let top = HEIGHT - MARGIN;
  const line = (text: string, size: number, x = MARGIN, width = inner) => {
    top -= size * 1.25;
    page.text(x, top, size, fitted(text, size, width));
  };
  line(label.customer, 11);
  line(label.skuTitle, 16);
  top -= 3 * MM;
  top -= symbol(page, symbols.lot, MARGIN, top, inner, 32 * MM) + 4 * MM;
  const qrSize = 38 * MM;
  symbol(page, symbols.qr, MARGIN, top, qrSize, qrSize);
  const textX = MARGIN + qrSize + 4 * MM;
  const textWidth = inner - qrSize - 4 * MM;
  const qrTop = top;
  line(`${caption('lot')}: ${lotCode(label.lotId)}`, 14, textX, textWidth);
  for (const [key, value] of [
    ['inbound', label.inboundNo],
    ['inboundDate', label.inboundDate],
    ['pallets', String(label.pallets)],
    ['pieces', String(label.pieces)],
    ['warehouse', label.warehouse],
  ])
    line(`${caption(key)}: ${value}`, 10, textX, textWidth);
  top = Math.min(top, qrTop - qrSize) - 5 * MM;
  if (symbols.sku) {
    line(caption('skuBarcode'), 9);
    top -= 2 * MM;
    symbol(page, symbols.sku, MARGIN + inner / 6, top, (inner * 2) / 3, Math.max(0, top - MARGIN));
  }
}

/**
 * Labels as a PDF: one 100 x 150 mm page per lot for a label printer, or four to an A4 sheet (each
 * scaled to its quarter, with a thin frame to cut along).
 */
export function labelsPdf(labels: LotLabel[], layout: LabelLayout, caption: (key: string) => string): Buffer {
  const pdf = new PdfDocument();
  if (layout === 'label') {
    for (const label of labels) drawLabel(pdf.addPage(WIDTH, HEIGHT), label, caption);
    return pdf.toBuffer();
  }
  const perPage = A4.columns * A4.rows;
  const cellWidth = A4.width / A4.columns;
  const cellHeight = A4.height / A4.rows;
  const scale = Math.min(cellWidth / WIDTH, cellHeight / HEIGHT);
  for (let start = 0; start < labels.length; start += perPage) {
    const page = pdf.addPage(A4.width, A4.height);
    labels.slice(start, start + perPage).forEach((label, i) => {
      const x = (i % A4.columns) * cellWidth + (cellWidth - WIDTH * scale) / 2;
      const y = A4.height - (Math.floor(i / A4.columns) + 1) * cellHeight + (cellHeight - HEIGHT * scale) / 2;
      page.group(x, y, scale, () => {
        page.rect(0, 0, WIDTH, HEIGHT, 0.3);
        drawLabel(page, label, caption);
      });
    });
  }
  return pdf.toBuffer();
}
