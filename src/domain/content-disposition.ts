/** A file answer's name both ways: the server writes it, the browser reads it back (RFC 6266). */

/**
 * The Content-Disposition of a stored file: its name for any browser (RFC 6266), as UTF-8 in
 * `filename*` and, for clients that read only `filename`, with what is not plain ASCII replaced.
 */
export const contentDisposition = (inline: boolean, name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** The file name an answer's Content-Disposition gives (RFC 6266: `filename*` in UTF-8 first). */
export const servedName = (disposition: string | null) => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded)
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] || undefined;
};
