/**
 * Page resources that are screens of their own rather than a resource's list (dashboards). With
 * resources/ and the menu groups they make the catalogue of policy objects a role can be given.
 */
export const pageObjects = [
  'dashboard',
  'cargo.dashboard',
  'orders.cart',
  'reports.shipment',
  'reports.inventory',
] as const;
