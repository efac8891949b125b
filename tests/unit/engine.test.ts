// The engine's pure parts: money and date formatting, label lists, schema derivation, endpoint registration,
// and the translation of every declared resource in both languages.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import { DECLARED_ENTITIES } from '../../domain/entities';
import { flattenMessages, messages } from '../../i18n';
import { decimalSign, formatDateTime, formatDecimal } from '../../resources/engine/format';
import { runAction } from '../../resources/engine/runAction';
import { endpointsMeta } from '../../resources/engine/define';
import {
  actionConfirm,
  actionLabel,
  exportEndpoint,
  fieldLabel,
  fillPath,
  filtersOf,
  inputLabel,
  permissionKey,
  listQuery,
  rangeParams,
} from '../../resources/engine/schema';
import type { ActionSpec, ResourceConfig } from '../../resources/engine/types';
import { resourceChainOf } from '../../resources/engine/useAllowed';
import { clientTypes, findOption, labelSets } from '../../resources/labels';
import { leaves, nodeResource } from '../../resources/menu';
import { registry } from '../../resources/registry';
import { testHttp } from './engine.helpers';
import { api, apiList, server, installMsw } from './msw';

installMsw({ offApi: ['/thing/'] });

const zh = flattenMessages(messages['zh-CN']);
const en = flattenMessages(messages['en-US']);
// the registry's declared nodes with their declarations, loaded as the pages load them
const declared = await Promise.all(
  leaves(registry).flatMap((n) => (n.declaration ? [n.declaration().then((e) => ({ ...n, config: e.config }))] : [])),
);

describe('money formatting', () => {
  it('groups decimal strings without going through a float', () => {
    expect(formatDecimal('12345678901234.57')).toBe('12,345,678,901,234.57');
    expect(formatDecimal('9007199254740993.01')).toBe('9,007,199,254,740,993.01');
    expect(formatDecimal('-1234567.1')).toBe('-1,234,567.1');
    expect(formatDecimal('0.10')).toBe('0.10');
    expect(formatDecimal('999')).toBe('999');
    expect(formatDecimal(1234)).toBe('1,234');
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal('n/a')).toBe('n/a');
  });

  it('tells the sign of a decimal string', () => {
    expect(decimalSign('-0.01')).toBe(-1);
    expect(decimalSign('0.00')).toBe(0);
    expect(decimalSign('-0.00')).toBe(0);
    expect(decimalSign('12345678901234.57')).toBe(1);
    expect(decimalSign(undefined)).toBe(0);
  });

  it('shows dates as given and timestamps in local time', () => {
    expect(formatDateTime('2026-03-04', false)).toBe('2026-03-04');
    const local = new Date(2026, 2, 4, 5, 6, 7);
    expect(formatDateTime(local.toISOString(), true)).toBe('2026-03-04 05:06:07');
    expect(formatDateTime('not a date', true)).toBe('not a date');
  });
});

describe('label lists', () => {
  it('have every label in both languages', () => {
    const missing = Object.values(labelSets)
      .flat()
      .flatMap((o) => [zh[o.name] ? [] : [`zh-CN ${o.name}`], en[o.name] ? [] : [`en-US ${o.name}`]].flat());
    expect(missing).toEqual([]);
  });

  it('cover the lists of spec sections 3 and 4', () => {
    const ids = (set: string) => labelSets[set].map((o) => String(o.id));
    expect(ids('kycStatus')).toEqual(['approved', 'pending', 'rejected', 'unverified']);
    expect(ids('tradeType')).toEqual(['holding', 'review']);
    expect(ids('fundsKind')).toEqual(['deposit', 'compensation', 'bonus']);
    expect(ids('depositType')).toEqual(['bank', 'crypto', 'exchange']);
    expect(ids('recordType')).toEqual(['fund', 'trading']);
    expect(ids('productType')).toHaveLength(8);
    expect(ids('subtype')).toHaveLength(15);
    expect(ids('transactionKind')).toHaveLength(8);
    expect(ids('dealStatus')).toHaveLength(17);
    expect(ids('recordStatus')).toEqual(['pending', 'approved', 'rejected', 'rolled_back', 'repaid']);
  });

  it('show a fake client as Robot / 机器人 and holding as Direct', () => {
    const fake = findOption(clientTypes, 'true')!;
    expect(findOption(clientTypes, true)).toBe(fake);
    expect(en[fake.name]).toBe('Robot');
    expect(zh[fake.name]).toBe('机器人');
    expect(en['labels.tradeType.holding']).toBe('Direct');
    expect(findOption(clientTypes, '')).toBeUndefined();
  });
});

describe('declared resources', () => {
  it('are the declared pages, each with a lazy page and its config, under its name and permission key', () => {
    expect(declared.map((n) => n.name).sort()).toEqual(
      [
        'approval',
        'approval_policy',
        'audit_log',
        'client',
        'compensation',
        'crypto_address',
        'crypto_deposit',
        'data_exception',
        'deposit',
        'emergency',
        'exchange_config',
        'ip_access',
        'kyc',
        'loan',
        'message',
        'service',
        'trade_config',
        ...['ai', 'block', 'daily', 'fund', 'go_public', 'ipo', 'ipo_allocation', 'quant', 'stock'].map(
          (k) => `trades/${k}`,
        ),
        'trading_permission',
        ...['ai', 'block', 'daily', 'fund', 'ipo', 'quant', 'stock', 'sub_allocation', 'subscribe'].map(
          (k) => `trx/${k}`,
        ),
        'users',
        'withdrawal',
        // the declared entities (domain/entities.ts)
        ...DECLARED_ENTITIES.map((d) => d.name),
      ].sort(),
    );
    for (const node of declared) {
      expect(node.config.name).toBe(node.name);
      expect(nodeResource(node)).toBe(permissionKey(node.config));
      expect(typeof node.page).toBe('function');
    }
  });

  it('have every field, filter, action, confirmation and input label in both languages', () => {
    const keys = declared.flatMap(({ config }) => {
      const c = config;
      const actions = [...(c.rowActions ?? []), ...(c.bulkActions ?? []), ...(c.listActions ?? [])];
      return [
        ...c.fields.map((f) => fieldLabel(c, f)),
        ...filtersOf(c).map((f) => fieldLabel(c, f)),
        ...actions.map((a) => actionLabel(c, a)),
        ...actions.flatMap((a) => actionConfirm(c, a) ?? []),
        ...actions.flatMap((a) => (a.inputs ?? []).map((i) => inputLabel(c, i))),
        ...actions.flatMap((a) => (a.success ? [a.success] : [])),
        `resources.${c.name}.name`,
      ];
    });
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((k) => !zh[k]).map((k) => `zh-CN ${k}`)).toEqual([]);
    expect(keys.filter((k) => !en[k]).map((k) => `en-US ${k}`)).toEqual([]);
  });

  it('check permissions on their own key and their menu parents', () => {
    const deposit = declared.find((n) => n.name === 'deposit')!.config;
    expect(resourceChainOf(deposit)).toEqual(['deposit', 'funds']);
    expect(resourceChainOf({ name: 'elsewhere', endpoints: { list: '/x' }, fields: [] })).toEqual(['elsewhere']);
  });

  it('carry their endpoints to the dataProvider (react-admin meta), fixed parameters included', async () => {
    const configOf = (name: string) => declared.find((n) => n.name === name)!.config;
    expect(endpointsMeta(configOf('withdrawal')).endpoints?.list).toBe('/withdraw/admin/v1/list');
    const seen: string[] = [];
    server.use(
      http.get(api('/overdrawn/admin/v1/record/list'), ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json(apiList('GET /overdrawn/admin/v1/record/list', [{ id: 1, sub_type: 'loan' }]));
      }),
    );
    const result = await createDataProvider(testHttp).getList('loan', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'approved' },
      meta: endpointsMeta(configOf('loan')),
    });
    expect(result.total).toBe(1);
    const q = new URLSearchParams(seen[0]);
    expect(Object.fromEntries(q)).toEqual({
      sub_type: 'loan',
      page: '2',
      page_size: '50',
      sort: 'created_at',
      order: 'desc',
      status: 'approved',
    });
  });
});

describe('schema', () => {
  const config: ResourceConfig = {
    name: 'things',
    endpoints: { list: '/thing/admin/v1/list?kind=a' },
    fields: [
      { source: 'title', filter: true },
      { source: 'kind', type: 'option', options: clientTypes, filter: true },
      { source: 'at', type: 'date', filter: true },
      { source: 'price', type: 'money', filter: true },
      { source: 'plain' },
    ],
    filters: [{ type: 'dateRange', source: 'paid', from: 'paid_after', to: 'paid_before', alwaysOn: false }],
  };

  it('derives filters from flagged fields, then the declared ones', () => {
    const filters = filtersOf(config);
    expect(filters.map((f) => `${f.type}:${f.source}`)).toEqual([
      'text:title',
      'option:kind',
      'dateRange:at',
      'number:price',
      'dateRange:paid',
    ]);
    expect(rangeParams(filters[2] as never)).toEqual({ from: 'at_from', to: 'at_to' });
    expect(rangeParams(filters[4] as never)).toEqual({ from: 'paid_after', to: 'paid_before' });
  });

  it("sends every list's date range as <name>_from / <name>_to, the one convention the API takes", () => {
    const ranges = declared.flatMap((n) =>
      filtersOf(n.config).flatMap((f) => (f.type === 'dateRange' ? [[n.name, rangeParams(f)] as const] : [])),
    );
    expect(ranges.length).toBeGreaterThan(5);
    for (const [name, { from, to }] of ranges) {
      expect(`${name}: ${from}`).toMatch(/_from$/);
      expect(`${name}: ${to}`).toMatch(/_to$/);
      expect(from.replace(/_from$/, '')).toBe(to.replace(/_to$/, ''));
    }
    // the money lists (funds records) among them, on the records' created_at
    expect(ranges).toContainEqual(['deposit', { from: 'created_at_from', to: 'created_at_to' }]);
  });

  it('derives the export call from the list path, or takes a declared one, or none', () => {
    expect(exportEndpoint(config)).toEqual({ path: '/thing/admin/v1/list/export', query: { kind: 'a' } });
    expect(exportEndpoint({ ...config, endpoints: { list: '/l', export: '/e?x=1' } })).toEqual({
      path: '/e',
      query: { x: '1' },
    });
    expect(exportEndpoint({ ...config, endpoints: { list: '/l', export: false } })).toBeNull();
  });

  it('sends the sort and filters as the dataProvider does', () => {
    expect(listQuery({ status: 'pending' }, { field: 'id', order: 'DESC' })).toEqual({
      sort: 'id',
      order: 'desc',
      status: 'pending',
    });
    expect(fillPath('/a/{id}/b', 'x y')).toBe('/a/x%20y/b');
  });

  it('runs a declarative action with the key as a header, and a handler with the context', async () => {
    const got: { key: string | null; body: unknown }[] = [];
    server.use(
      http.put(api('/thing/admin/v1/do/5'), async ({ request }) => {
        got.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return HttpResponse.json({ ok: true });
      }),
    );
    const action: ActionSpec = {
      name: 'do',
      idempotent: true,
      run: { method: 'PUT', path: '/thing/admin/v1/do/{id}', body: (r, v) => ({ id: r.id, ...v }) },
    };
    await expect(
      runAction(action, { record: { id: 5 }, values: { amount: '1.50' }, http: testHttp, idempotencyKey: 'k1' }),
    ).resolves.toEqual({ ok: true });
    expect(got).toEqual([{ key: 'k1', body: { id: 5, amount: '1.50' } }]);
    const handler: ActionSpec = { name: 'h', run: async (ctx) => `${ctx.record?.id}:${ctx.idempotencyKey}` };
    await expect(
      runAction(handler, { record: { id: 9 }, values: {}, http: testHttp, idempotencyKey: 'k2' }),
    ).resolves.toBe('9:k2');
  });
});
