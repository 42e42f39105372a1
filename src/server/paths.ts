import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: locales/, policies/ and dist/ are read from it at run time. */
export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
