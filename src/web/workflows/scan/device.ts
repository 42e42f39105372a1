const KEY = 'scan-device';

/**
 * This device's name in the scan log, so two phones of one worker tell apart: made once and kept
 * in the browser's storage.
 */
export function deviceName() {
  try {
    let name = localStorage.getItem(KEY);
    if (!name) localStorage.setItem(KEY, (name = `${navigator.platform || 'device'} ${scanId().slice(0, 8)}`));
    return name;
  } catch {
    return undefined;
  }
}

/**
 * A scan's id: a random UUID. crypto.randomUUID exists only on HTTPS or localhost, and the app is
 * served over plain HTTP on a warehouse's LAN too, where getRandomValues still exists.
 */
export function scanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
