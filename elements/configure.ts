/**
 * `import { configure } from '@cx-portal/elements/configure'`: the page-wide settings without the
 * autoloader, for an app that imports its elements one by one.
 */
export { configure, type CxConfig } from '../src/stores/config';
