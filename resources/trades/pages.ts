/**
 * The trades menu's pages (spec section 2, trades group): per kind, its products beside its orders; the IPO stages
 * allocation and go public. The kinds' differences are this data; the configurations are productConfig.ts's and orderConfig.ts's.
 */
import { defineResource, type ResourceEntry } from '../engine/define';
import type { ResourceConfig } from '../engine/types';
import { orderConfig } from './orderConfig';
import { productConfig } from './productConfig';
import { ordersName, TRADES_PAGES } from './entries';

export { ordersName, TRADES_PAGES };

const orders = new Map<string, ResourceConfig>();

/** The orders list of a trades page (by the page's name), or undefined for an IPO stage page. */
export const ordersOf = (page: string): ResourceConfig | undefined => orders.get(page);

/** Each trades page's registry entry (name, permission key, lazy page, config), by entry. */
export const tradesEntries: Record<string, ResourceEntry> = Object.fromEntries(
  TRADES_PAGES.map(({ entry, kind, resource, stage }) => {
    const name = `trades/${entry}`;
    const products = productConfig(name, kind, resource, stage);
    if (!stage) {
      const config = orderConfig(ordersName(name), kind);
      // a tab of the page, not a menu entry: its access checks are the trades grants (registry.ts TAB_CHAINS, the
      // API's permission of the order routes), its endpoints come with the engine's calls
      orders.set(name, config as unknown as ResourceConfig);
      products.views = { list: () => import('./TradesPage') };
    }
    return [entry, defineResource(products)];
  }),
);
