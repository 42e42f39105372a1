import type { Effect } from '../../engine/transition';
import { storedFileName } from '../../files/stored-file-name';

/** The proof of delivery, uploaded through /oss first: the record keeps the name it was uploaded under. */
export const attachPod: Effect = async (tx, { input }) => ({
  columns: { pod_file_name: await storedFileName(tx, input.podFile as string) },
});
