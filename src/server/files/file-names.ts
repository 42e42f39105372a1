/**
 * The name an uploaded file keeps: the sender's, without a folder part or control characters, at
 * most 200 characters with its extension whole; none sent, or nothing left, gives `file.<ext>`
 * (the extension of the type its content was recognised as).
 */
export const uploadedName = (sent: string | undefined, ext: string) => {
  const base = (sent ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}"]/gu, '')
    .trim();
  if (!base || base === '.' || base === '..') return `file.${ext}`;
  if (base.length <= 200) return base;
  const dot = base.lastIndexOf('.');
  const suffix = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, 200 - suffix.length) + suffix;
};
