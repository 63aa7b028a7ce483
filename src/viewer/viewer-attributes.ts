import type { AttributeSpec } from '../elements/attributes';

/** The attributes every data-viewer mode takes: which module, which profile, which filters. */
export const VIEWER_ATTRIBUTES: AttributeSpec[] = [
  { prop: 'moduleId', type: 'string' },
  { prop: 'profile', type: 'string' },
  { prop: 'filterScope', type: 'string' },
];
