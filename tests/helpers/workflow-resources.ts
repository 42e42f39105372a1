/**
 * The resources with a workflow, pinned: each has its transition routes and its timeline, and a
 * declaration that gains or loses a state machine changes this list on purpose.
 */
export const WORKFLOW_RESOURCES = [
  'bills',
  'counts',
  'deliveries',
  'disputes',
  'expenses',
  'inbounds',
  'lots',
  'orders',
  'outbounds',
  'returns',
  'shipments',
];
