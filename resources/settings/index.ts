import type { MenuNode } from '../types';

/**
 * The App settings page (`settings/app`, permission resource `settings`, or the config menu group): one page of
 * tabs, each a settings document's form (app config, company info, product display) or view (time zone).
 */
const settings: Required<Pick<MenuNode, 'name' | 'resource' | 'page'>> = {
  name: 'settings/app',
  resource: 'settings',
  page: () => import('./SettingsPage'),
};

export default settings;
