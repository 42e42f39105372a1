import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fillSheet, sheetFileName } from '../../src/web/engine/excel-sheet';

const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('Excel sheets of records and reports', () => {
  it('names a file by its record, or by its report and period, with nothing a file system refuses', () => {
    expect(sheetFileName('BL20261126-0003')).toBe('BL20261126-0003.xlsx');
    expect(sheetFileName('Shipment report', { from: '2026-10-01', to: '2026-10-31' })).toBe(
      'Shipment report 20261001-20261031.xlsx',
    );
    expect(sheetFileName('库存报表', { from: '2026-10-01' })).toBe('库存报表 20261001.xlsx');
    expect(sheetFileName('A/B: "x"?')).toBe('A-B- -x-.xlsx');
  });

  it('writes the title block, then the header frozen and filtered over the data, then bold totals', async () => {
    const book = new ExcelJS.Workbook();
    fillSheet(book, {
      title: 'Bill BL20261126-0003',
      info: [
        ['Organization', 'Shenzhen Hengda'],
        ['Period', '2026-10-01 – 2026-10-31'],
      ],
      columns: [{ header: 'Description' }, { header: 'Amount', numFmt: '#,##0.00' }],
      rows: [
        ['Storage', 100.5],
        ['Unloading', { value: 20, numFmt: '#,##0.00 "EUR"' }],
      ],
      totals: [['Total', 120.5]],
    });
    // Read back as Excel would: the file's own structure, not the objects that made it.
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await book.xlsx.writeBuffer());
    const sheet = read.worksheets[0];
    expect(sheet.name).toBe('Bill BL20261126-0003');
    expect(values(sheet, 1)).toEqual(['Bill BL20261126-0003']);
    expect(values(sheet, 2)).toEqual(['Organization', 'Shenzhen Hengda']);
    expect(values(sheet, 3)).toEqual(['Period', '2026-10-01 – 2026-10-31']);
    expect(values(sheet, 4)).toEqual([]);
    expect(values(sheet, 5)).toEqual(['Description', 'Amount']);
    expect(sheet.getRow(5).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.autoFilter).toBe('A5:B7');
    expect(values(sheet, 6)).toEqual(['Storage', 100.5]);
    expect(sheet.getCell('B6').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B7').numFmt).toBe('#,##0.00 "EUR"');
    expect(values(sheet, 8)).toEqual(['Total', 120.5]);
    expect(sheet.getCell('A8').font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Description'.length);
  });

  it("keeps a list's header on the first row when there is no title block", async () => {
    const book = new ExcelJS.Workbook();
    fillSheet(book, { title: 'Bills: all/open', columns: [{ header: 'No.' }], rows: [['BL1'], ['BL2']] });
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Bills  all open');
    expect(values(sheet, 1)).toEqual(['No.']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toMatchObject({ from: { row: 1, column: 1 }, to: { row: 3, column: 1 } });
  });
});
