import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signedInSession, tableRows, toastWith } from './support';

/**
 * Issue 27 in Chromium: a partners list's Import downloads the template, a file filled with exceljs
 * is refused with its problem listed and offered back marked, and once fixed it imports and the
 * records are in the list; the fixed file's upload shows its progress and a preview of its rows.
 */
describe('import from Excel', () => {
  const session = signedInSession();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-import-'));

  const headerIndex = (sheet: ExcelJS.Worksheet) =>
    new Map(Array.from(sheet.getRow(1).values as string[], (h, i) => [String(h ?? '').replace(/ \*$/, ''), i]));

  const choose = async (file: string) => {
    await session.page().locator('.ant-modal input[type=file]').setInputFiles(file);
  };

  it('downloads the template, shows a bad row and the marked file, then imports the fixed file', async () => {
    const page = session.page();
    await page.goto(`${session.url()}/partners`);
    await page.getByTestId('import-button').click();

    const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await template.path())!);
    const sheet = book.worksheets.find((w) => w.state === 'visible')!;
    const at = headerIndex(sheet);
    sheet.spliceRows(2, 1);
    const row = (name: string, type: string) => {
      const cells: unknown[] = [];
      cells[at.get('Partner name')!] = name;
      cells[at.get('Partner type')!] = type;
      cells[at.get('Status')!] = 'Valid';
      sheet.addRow(cells);
    };
    row('E2E Import Line', 'Shipping line (carrier)');
    row('E2E Import Trucks', 'Hovercraft');
    const bad = join(dir, 'partners-bad.xlsx');
    await book.xlsx.writeFile(bad);

    await choose(bad);
    const problems = page.getByTestId('import-problem-table');
    await problems.waitFor();
    const cells = await problems.locator('tbody tr.ant-table-row td').allInnerTexts();
    expect(cells.map((c) => c.trim())).toEqual([
      sheet.name,
      '3',
      'Partner type',
      'Please choose one of the listed values.',
    ]);

    const [marked] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-marked').click()]);
    const markedBook = new ExcelJS.Workbook();
    await markedBook.xlsx.readFile((await marked.path())!);
    const cell = markedBook.getWorksheet(sheet.name)!.getCell(3, at.get('Partner type')!);
    expect((cell.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFF9999');
    expect(String(cell.note)).toContain('Please choose one of the listed values.');

    sheet.getCell(3, at.get('Partner type')!).value = 'Trucking company';
    const fixed = join(dir, 'partners-fixed.xlsx');
    await book.xlsx.writeFile(fixed);
    // A slow line, so the upload is seen: the bar names the file while it goes, then the preview.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 200,
      downloadThroughput: -1,
      uploadThroughput: 8 * 1024,
    });
    await choose(fixed);
    await page.getByTestId('import-progress').getByText('Uploading partners-fixed.xlsx').waitFor();
    await page.getByTestId('import-preview').waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const preview = await page.getByTestId('import-rows-partners').locator('tbody tr.ant-table-row').allInnerTexts();
    expect(preview).toHaveLength(2);
    for (const [row, name, type] of [
      ['2', 'E2E Import Line', 'Shipping line (carrier)'],
      ['3', 'E2E Import Trucks', 'Trucking company'],
    ]) {
      const cells = preview[Number(row) - 2].split('\t').map((c) => c.trim());
      expect(cells.slice(0, 2)).toEqual([row, 'New']);
      expect(cells).toEqual(expect.arrayContaining([name, type]));
    }
    await page.getByTestId('import-run').click();
    await toastWith(page, 'Imported: 2 new').waitFor();

    await page.getByTestId('filter-q').fill('E2E Import');
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'partners').count()).toBe(2);
  });
});
