import type { RaRecord } from 'ra-core';
import type { EndpointsMeta } from '../../dataProvider';
import type { MenuNode, PageLoader } from '../types';
import type { ResourceConfig } from './types';

/** A declaration as its module answers it: the name, the permission key, the lazy page and the config. */
export interface ResourceEntry {
  name: string;
  resource?: string;
  page: PageLoader;
  config: ResourceConfig;
}

/**
 * Declares a resource: answers the entry whose page (list at the node's path, show at `<path>/:id`, edit at
 * `<path>/:id/edit`) loads only when first opened. Nothing is registered: the engine's calls carry the endpoints
 * (endpointsMeta), so the providers answer the same whether or not a declaration was imported.
 */
export function defineResource<R extends RaRecord = RaRecord>(config: ResourceConfig<R>): ResourceEntry {
  const generic = config as unknown as ResourceConfig;
  return {
    name: config.name,
    ...(config.resource ? { resource: config.resource } : {}),
    config: generic,
    page: () => import('./ResourcePage').then((m) => ({ default: m.pageOf(generic) })),
  };
}

/**
 * A declared resource's registry node: its name and permission key as plain data, its declaration (fields, actions,
 * icons, views) loaded with its page, so that the shell carries no resource's code (DESIGN.md section 2). The name
 * and key must be the declaration's own (tests/unit/engine.test.ts checks them). Spread it into the registry node:
 * `{ ...declared('deposit', () => import('./deposit')), title: {...} }`.
 */
export function declared(
  name: string,
  load: () => Promise<{ default: ResourceEntry }>,
  resource?: string,
): Required<Pick<MenuNode, 'name' | 'page' | 'declaration'>> & Pick<MenuNode, 'resource'> {
  const declaration = () => load().then((m) => m.default);
  return { name, ...(resource ? { resource } : {}), declaration, page: () => declaration().then((e) => e.page()) };
}

/** What the engine's react-admin calls carry (`meta`): the declaration's endpoints, for the dataProvider. */
export const endpointsMeta = (config: Pick<ResourceConfig, 'endpoints'>): EndpointsMeta => {
  const { list, one, create, update, delete: remove } = config.endpoints;
  return { endpoints: { list, one, create, update, delete: remove } };
};
