import { useEffect, useMemo } from 'react';
import { getQuery, useDataProvider, useStoreContext, type DataProvider, type Store } from 'ra-core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { VisibleMenuNode } from '../../resources/menu';
import type { MenuNode } from '../../resources/types';
import type { ResourceConfig } from '../../resources/engine/types';
import { pageOf } from './pageComponents';

/** How many of the menu's leaves (in menu order, the dashboard aside) load while the shell is idle. */
const LIKELY_PAGES = 6;

/** Stops the idle preloading still to come (a person chose a page: it gets the network and the main thread). */
let stopIdlePreload: () => void = () => undefined;

/** Loads a menu leaf's page code and the resources' messages, once (a failed load is tried again next time). */
export function preloadPage(node: MenuNode): Promise<unknown> {
  return node.page ? pageOf(node).load() : Promise.resolve();
}

/**
 * Starts a generated list's first page into react-query's cache under the key react-admin's list will ask for
 * (useListController: the params stored for the resource, else the declaration's sort and page size, no filter),
 * so the request runs while the page's code loads and the list finds its rows there. Lists with their own view
 * (and single-form pages) ask for other data: nothing is started for them.
 */
function prefetchList(config: ResourceConfig, store: Store, dataProvider: DataProvider, queryClient: QueryClient) {
  if (config.single || config.views?.list) return;
  const sort = config.sort ?? { field: 'id', order: 'DESC' };
  const query = getQuery({
    queryFromLocation: {},
    params: store.getItem(`${config.name}.listParams`, {}),
    filterDefaultValues: undefined,
    sort,
    perPage: config.perPage ?? 25,
  });
  const params = {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter },
    meta: undefined,
  };
  void queryClient.prefetchQuery({
    queryKey: [config.name, 'getList', params],
    queryFn: () =>
      dataProvider
        .getList(config.name, params)
        .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
  });
}

export interface MenuEntryPreload {
  onMouseEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * A list page's code ready before the click: the menu's first leaves load when the shell is first idle, an entry's
 * page loads when it is pointed at or focused, and a click also starts the list's first request beside the code.
 * Answers the handlers to spread on a menu leaf.
 */
export function useMenuPreload(menu: VisibleMenuNode[]): (node: MenuNode) => MenuEntryPreload {
  const store = useStoreContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();

  useEffect(() => {
    const likely = leavesOf(menu)
      .filter((n) => n.name !== 'dashboard')
      .slice(0, LIKELY_PAGES);
    if (!likely.length) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    let handle = 0;
    let cancelled = false;
    // one page per idle period, so a click or a keystroke never waits behind the preloading
    const next = (i: number) => {
      if (cancelled || i >= likely.length) return;
      handle = idle(() => void preloadPage(likely[i]).finally(() => next(i + 1)));
    };
    next(0);
    const stop = () => {
      cancelled = true;
      cancelIdle(handle);
    };
    stopIdlePreload = stop;
    return stop;
  }, [menu]);

  return useMemo(() => {
    const handlers = new WeakMap<MenuNode, MenuEntryPreload>();
    return (node: MenuNode) => {
      let h = handlers.get(node);
      if (!h) {
        const preload = () => void preloadPage(node);
        h = {
          onMouseEnter: preload,
          onFocus: preload,
          onClick: () => {
            stopIdlePreload();
            preload();
            node
              .declaration?.()
              .then((entry) => prefetchList(entry.config, store, dataProvider, queryClient))
              .catch(() => undefined); // the page's own load reports a failure
          },
        };
        handlers.set(node, h);
      }
      return h;
    };
  }, [store, dataProvider, queryClient]);
}

const leavesOf = (menu: VisibleMenuNode[]): MenuNode[] =>
  menu.flatMap((n) => (n.children.length ? leavesOf(n.children) : [n.node]));
