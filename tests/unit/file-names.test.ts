import { describe, expect, it } from 'vitest';
import { contentDisposition, servedName } from '../../src/domain/content-disposition';
import { uploadedName } from '../../src/server/files/file-names';

describe('the names of uploaded files', () => {
  it("keeps the sender's name without folders, control characters or quotes, and at most 200 characters", () => {
    expect(uploadedName('送货单 11月.pdf', 'pdf')).toBe('送货单 11月.pdf');
    expect(uploadedName('C:\\scans\\pod.pdf', 'pdf')).toBe('pod.pdf');
    expect(uploadedName('../../etc/x"y\u0007.png', 'png')).toBe('xy.png');
    expect(uploadedName(undefined, 'pdf')).toBe('file.pdf');
    expect(uploadedName('  ', 'pdf')).toBe('file.pdf');
    const long = uploadedName(`${'a'.repeat(300)}.xlsx`, 'xlsx');
    expect(long).toHaveLength(200);
    expect(long.endsWith('a.xlsx')).toBe(true);
  });

  it('sends the name in UTF-8 and as ASCII, and the browser reads the UTF-8 one back', () => {
    const header = contentDisposition(false, "POD 送货单 (1) it's.pdf");
    expect(header).toBe(
      "attachment; filename=\"POD ___ (1) it's.pdf\"; filename*=UTF-8''POD%20%E9%80%81%E8%B4%A7%E5%8D%95%20%281%29%20it%27s.pdf",
    );
    expect(servedName(header)).toBe("POD 送货单 (1) it's.pdf");
    expect(contentDisposition(true, 'a.png').startsWith('inline; ')).toBe(true);
    expect(servedName('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(servedName(null)).toBeUndefined();
  });
});
