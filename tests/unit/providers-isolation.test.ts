/**
 * The providers answer the same with no resource module imported as with all of them: nothing registers itself at
 * import (the permission chains come from the registry's plain data, given to the auth provider; the endpoints
 * come with each engine call or the factory's map). Each answer is asked first, then every declaration is loaded
 * (the menu's leaves, the trades pages with their orders, the message templates), then asked again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../authProvider/authProvider';
import type { AuthMachine } from '../../authProvider/machine';
import { createDataProvider, type Http } from '../../dataProvider';
import { loadRole, ROLES } from '../../permissions';
import { leaves } from '../../resources/menu';
import { registry, registryChains } from '../../resources/registry';

const ACTIONS = ['list', 'show', 'edit', 'create', 'delete', 'export', 'approve', 'fund', 'config'];

/** Every resource name the console may ask about: the menu's leaves and the pages' second lists. */
const NAMES = [...registryChains.keys(), 'elsewhere'];

/** canAccess of every role, resource and action. */
async function accessAnswers(): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const role of ROLES) {
    const machine = { getState: () => ({ status: 'authenticated', user: { role } }) } as unknown as AuthMachine;
    const payload = { grants: loadRole(role).grants } as never;
    const provider = createAuthProvider({
      machine,
      permissions: { get: () => payload, ensure: vi.fn(async () => payload) },
      chains: registryChains,
    });
    for (const resource of NAMES)
      for (const action of ACTIONS)
        out[`${role} ${resource} ${action}`] = await provider.canAccess!({ resource, action });
  }
  return out;
}

/** The request of every CRUD call of every resource. */
async function dataAnswers(): Promise<string[]> {
  const seen: string[] = [];
  const http = (async (path: string, options?: { method?: string }) => {
    seen.push(`${options?.method ?? 'GET'} ${path}`);
    return { data: [], total: 0 };
  }) as Http;
  const provider = createDataProvider(http);
  for (const resource of NAMES) {
    await provider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } });
    await provider.getOne(resource, { id: 7 });
    await provider.create(resource, { data: {} });
    await provider.update(resource, { id: 7, data: {}, previousData: { id: 7 } });
    await provider.delete(resource, { id: 7 });
  }
  return seen;
}

describe('providers in isolation', () => {
  it('answer the same before and after every resource module is imported', async () => {
    const access = await accessAnswers();
    const data = await dataAnswers();
    // the second lists' chains are known before their modules load
    expect(registryChains.get('message_template')).toEqual(['message']);
    expect(registryChains.get('trades/stock/orders')).toEqual(['trades']);

    const declarations = leaves(registry).flatMap((n) => (n.declaration ? [n.declaration()] : []));
    expect(declarations.length).toBeGreaterThan(20);
    const [, templates, trades] = await Promise.all([
      Promise.all(declarations),
      import('../../resources/message/templates'),
      import('../../resources/trades/pages'),
    ]);
    // the registry's second lists are the pages' own
    expect(registryChains.has(templates.templateConfig.name)).toBe(true);
    for (const page of Object.keys(trades.tradesEntries)) {
      const orders = trades.ordersOf(`trades/${page}`);
      if (orders) expect(registryChains.get(orders.name)).toEqual(['trades']);
    }

    expect(await accessAnswers()).toEqual(access);
    expect(await dataAnswers()).toEqual(data);
  }, 60_000);
});
