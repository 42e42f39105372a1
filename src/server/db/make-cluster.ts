import { newCluster } from './pglite';
import { cachedCluster, emptyClusterFile } from './pglite-template';

/** `npm start`'s build step: the empty PGlite cluster a cold start copies, made once per PGlite version. */
await cachedCluster(emptyClusterFile(), newCluster);
