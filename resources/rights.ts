/**
 * Rights that are neither a page nor one of its buttons: type-3 policy objects the server decides
 * by, granted to roles like any button so no rule depends on a role's name (DESIGN 4).
 */
export const dataRights = {
  /** Rows of every organization, not only the user's own and managed ones. */
  allOrganizations: 'data.allOrganizations',
} as const;
