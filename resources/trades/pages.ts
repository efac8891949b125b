/**
 * The trades menu's pages (spec section 2, trades group): per kind, its products beside its orders; the IPO stages
 * allocation and go public. The kinds' differences are this data; the configurations are configs.ts's.
 */
import { defineResource, type ResourceEntry } from '../engine/define';
import type { ResourceConfig } from '../engine/types';
import { registerChain } from './common';
import { orderConfig, productConfig } from './configs';
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
      defineResource(config); // its endpoints; it is a tab of the page, not a menu entry
      orders.set(name, config as unknown as ResourceConfig);
      // its react-admin access checks: the trades grants (the API's permission of the order routes)
      registerChain(config.name, ['trades']);
      products.views = { list: () => import('./TradesPage') };
    }
    return [entry, defineResource(products)];
  }),
);
