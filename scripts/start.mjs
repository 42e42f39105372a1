// `npm start` in one Node process: build what changed since the last build, then run the server
// bundle here. A second `node` for the server (and the shell between them) was a tenth of a warm
// restart. Plain Node, no tsx: it runs before every start.
process.setSourceMapsEnabled(true);
await import('./build-if-changed.mjs');
await import('../build/server/main.mjs');
