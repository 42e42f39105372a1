import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Where uploaded files live; an S3-compatible store can implement the same three calls. */
export interface FileStorage {
  put(path: string, content: Buffer): Promise<void>;
  get(path: string): Promise<Buffer | undefined>;
  /** Gone already is no error: a removal retried after a crash finishes quietly. */
  remove(path: string): Promise<void>;
}

/** Files under one folder (DATA_DIR/files); a path can never climb out of it. */
export function localStorage(root: string): FileStorage {
  const resolve = (path: string) => {
    const full = normalize(join(root, path));
    if (!full.startsWith(normalize(root) + sep)) throw new Error('path outside storage');
    return full;
  };
  return {
    async put(path, content) {
      const full = resolve(path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content);
    },
    async remove(path) {
      await rm(resolve(path), { force: true });
    },
    async get(path) {
      try {
        return await readFile(resolve(path));
      } catch {
        return undefined;
      }
    },
  };
}
