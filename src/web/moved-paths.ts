/**
 * Screen paths that moved, old -> new, so a bookmark or an old link still lands. The audit trail
 * is under Permissions (SPEC 2's area); /system/audit is its API path, once named as its screen.
 */
export const MOVED_PATHS: Record<string, string> = {
  '/system/audit': '/permissions/audit',
};
