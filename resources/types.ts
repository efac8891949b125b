import type { ComponentType } from 'react';
import type { ResourceEntry } from './engine/define';

/** Deployment codes (see src/config/profiles.ts). */
export type DeploymentCode = 'tr' | 'pl' | 'es' | 'kun' | 'sun3';

export interface LocalizedTitle {
  'zh-CN': string;
  'en-US': string;
}

/** A lazily loaded page component. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One entry of the menu tree (spec section 3, "Menu item").
 * `name` is the one name of the entry: route path (unless `path` says otherwise), i18n key `menu.<name>`,
 * and permission resource key (unless `resource` overrides it).
 */
export interface MenuNode {
  name: string;
  /** Route path; defaults to `/<name>`. Groups have no route. */
  path?: string;
  /** Permission resource key; defaults to `name`. */
  resource?: string;
  /** Icon shown in the menu. */
  icon?: ComponentType;
  title: LocalizedTitle;
  /** Deployments that do not show this entry. */
  hide?: DeploymentCode[];
  /** The page behind the entry; an entry without a page is not shown. */
  page?: PageLoader;
  /** The declaration behind the page (resources/<name>/index.ts, engine), loaded with the page; a react-admin resource. */
  declaration?: () => Promise<ResourceEntry>;
  /** Shown after the title in the side menu (e.g. the approvals waiting); renders nothing when there is nothing. */
  badge?: ComponentType;
  children?: MenuNode[];
}
