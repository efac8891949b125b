import type { ComponentType } from 'react';
import { loadResourceMessages } from '../../i18n';
import type { MenuNode } from '../../resources/types';
import { preloadable, type Preloadable } from '../preloadable';

type PageModule = { default: ComponentType };

const components = new WeakMap<MenuNode, Preloadable<PageModule>>();

/**
 * A menu leaf's page as a component (the route's element), its code loaded on first render or before (the menu's
 * preloading, the login form): the dashboard's texts are the shell's; any other page loads with the resources'
 * messages. One component per leaf, so that a preloaded page renders without suspending.
 */
export function pageOf(node: MenuNode): Preloadable<PageModule> {
  let component = components.get(node);
  if (!component) {
    const page = node.page;
    if (!page) throw new Error(`menu entry ${node.name} has no page`);
    component = preloadable(
      node.name === 'dashboard' ? page : () => Promise.all([page(), loadResourceMessages()]).then(([m]) => m),
    );
    components.set(node, component);
  }
  return component;
}
