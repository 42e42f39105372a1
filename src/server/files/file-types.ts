/** The types we accept, recognised by their first bytes, never by the name or the client's word. */
const signatures: { ext: string; mime: string; test: (b: Buffer) => boolean; inline: boolean }[] = [
  {
    ext: 'png',
    mime: 'image/png',
    inline: true,
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', mime: 'image/jpeg', inline: true, test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', inline: true, test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    mime: 'image/webp',
    inline: true,
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'pdf', mime: 'application/pdf', inline: false, test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  // xlsx, docx and other Office Open XML files are zip archives.
  {
    ext: 'zip',
    mime: 'application/zip',
    inline: false,
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  },
];

export const detectFileType = (content: Buffer) => signatures.find((s) => s.test(content));

export const fileTypeOfExtension = (path: string) => signatures.find((s) => path.endsWith(`.${s.ext}`));

/** Office files keep their own extension so they open in the right program. */
export const officeExtension = (filename: string) => /\.(xlsx|docx|pptx)$/i.exec(filename)?.[1].toLowerCase();

/** What a stored file may be sent back as (Office files go out as zip archives). */
export const storedMimeTypes = [...new Set(signatures.map((s) => s.mime))];
