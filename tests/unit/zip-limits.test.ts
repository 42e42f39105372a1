import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipVerdict } from '../../src/server/files/zip-limits';
import { bombSheet, honestPart, workbookParts, xlsxBomb, zipFile } from '../helpers/zip-bomb';

/** Archives are unpacked within caps before exceljs sees them (issue 37), whatever their headers say. */
describe('zip limits', () => {
  it('let a real workbook through', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Products');
    for (let i = 0; i < 2000; i++) sheet.addRow([`P-${i}`, `Product ${i}`, '0902101000', i * 1.5]);
    expect(await zipVerdict(Buffer.from(await book.xlsx.writeBuffer()))).toBe('fits');
  });

  it('refuse a sheet of 300 MiB in 300 KB whose headers claim 1 KB', async () => {
    const bomb = xlsxBomb(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    expect(await zipVerdict(bomb)).toBe('tooLarge');
  });

  it('refuse it hidden from the central directory, where only a streaming reader finds it', async () => {
    const parts = workbookParts();
    expect(await zipVerdict(zipFile([...parts, bombSheet(300)], parts))).toBe('tooLarge');
  });

  it('refuse on what the headers claim, before unpacking', async () => {
    expect(await zipVerdict(zipFile([...workbookParts(), bombSheet(0, 2 ** 31)]))).toBe('tooLarge');
  });

  it('refuse many entries each too small to be a bomb alone', async () => {
    const half = deflateRawSync(Buffer.alloc(512 * 1024, ' '));
    const parts = Array.from({ length: 300 }, (_, i) => ({
      name: `xl/media/${i}.xml`,
      data: half,
      deflated: true,
      size: 1024,
      crc: 0,
    }));
    expect(await zipVerdict(zipFile([...workbookParts(), ...parts]))).toBe('tooLarge');
    const entries = Array.from({ length: 1001 }, (_, i) => honestPart(`xl/${i}.xml`, '<x/>'));
    expect(await zipVerdict(zipFile(entries))).toBe('tooLarge');
  });

  it('refuse entries sharing their bytes, however little each unpacks to', async () => {
    const noise = randomBytes(256 * 1024);
    const sheet = {
      name: 'xl/worksheets/sheet1.xml',
      data: deflateRawSync(noise),
      deflated: true,
      size: noise.length,
      crc: 0,
    };
    const parts = [...workbookParts(), sheet];
    expect(await zipVerdict(zipFile(parts))).toBe('fits');
    expect(await zipVerdict(zipFile(parts, [...parts, sheet, sheet]))).toBe('tooLarge');
  });

  it('find unreadable what needs zip64, which no upload of a few MB does', async () => {
    const zip = zipFile(workbookParts());
    zip.writeUInt16LE(0xffff, zip.length - 12);
    expect(await zipVerdict(zip)).toBe('unreadable');
  });
});
