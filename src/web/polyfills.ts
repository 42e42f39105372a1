import { Buffer } from 'buffer';

/** casbin expects Node's Buffer; only a real browser lacks it (STACK pitfall). */
const g = globalThis as unknown as { Buffer?: typeof Buffer };
g.Buffer ??= Buffer;

export {};
