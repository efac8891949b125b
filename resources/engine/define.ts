import type { RaRecord } from 'ra-core';
import { registerEndpoints } from '../../dataProvider';
import type { MenuNode } from '../types';
import type { ResourceConfig } from './types';

/** What a declaration adds to its registry node: the name, the permission key, the lazy page and the config. */
export type ResourceEntry = Required<Pick<MenuNode, 'name' | 'page' | 'config'>> & Pick<MenuNode, 'resource'>;

/**
 * Declares a resource: registers its endpoints with the dataProvider and answers the registry entry whose page
 * (list at the node's path, show at `<path>/:id`, edit at `<path>/:id/edit`) loads only when first opened.
 * Spread it into the registry node: `{ ...deposit, title: {...} }`.
 */
export function defineResource<R extends RaRecord = RaRecord>(config: ResourceConfig<R>): ResourceEntry {
  const { list, one, create, update, delete: remove } = config.endpoints;
  registerEndpoints(config.name, { list, one, create, update, delete: remove });
  const generic = config as unknown as ResourceConfig;
  return {
    name: config.name,
    ...(config.resource ? { resource: config.resource } : {}),
    config: generic,
    page: () => import('./ResourcePage').then((m) => ({ default: m.pageOf(generic) })),
  };
}
