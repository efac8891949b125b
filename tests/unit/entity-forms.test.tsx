// The create form, edit dialog and delete action an entity's definition makes (resources/engine/entityResource.ts),
// on currency pairs: the definition's rules (required, limits) and the entity's own (distinct currencies) checked
// before sending, in both languages; what is sent is valid against the API's body schema for that write
// (server/core/entity-writes.ts writeBodySchema), and every mocked answer against the API's response schemas.
import Ajv from 'ajv';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currencyPair as pairDef } from '../../domain/currency-pair';
import { writeProblems } from '../../domain/entity';
import currencyPair from '../../resources/currency_pair';
import { writeBodySchema } from '../../server/core/entity-writes';
import { renderResource, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();
vi.setConfig({ testTimeout: 30_000 });

const ajv = new Ajv({ allErrors: true });
const validCreate = ajv.compile(writeBodySchema(pairDef, 'create'));
const validEdit = ajv.compile(writeBodySchema(pairDef, 'edit'));

const pair = {
  id: 7,
  base: 'USD',
  quote: 'CNY',
  decimals: 6,
  enabled: true,
  spread: '0.00150000',
  updated_by_name: null,
  updated_at: '2026-11-23T08:00:00.000Z',
};

/** Serves the list and records each write with its body, checked against the API's body schema. */
function serve() {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const take = async (request: Request, check?: typeof validCreate) => {
    const body = request.method === 'DELETE' ? undefined : await request.clone().json();
    if (check && !check(body)) throw new Error(`body refused by the API's schema: ${ajv.errorsText(check.errors)}`);
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get(api('/currency_pair/admin/v1/list'), () =>
      HttpResponse.json(apiList('GET /currency_pair/admin/v1/list', [pair])),
    ),
    http.post(api('/currency_pair/admin/v1/create'), async ({ request }) =>
      HttpResponse.json(
        apiBody('POST /currency_pair/admin/v1/create', { ...pair, ...(await take(request, validCreate)), id: 8 }),
      ),
    ),
    http.put(api('/currency_pair/admin/v1/:id'), async ({ request }) =>
      HttpResponse.json(apiBody('PUT /currency_pair/admin/v1/:id', { ...pair, ...(await take(request, validEdit)) })),
    ),
    http.delete(api('/currency_pair/admin/v1/:id'), async ({ request }) => {
      await take(request);
      return HttpResponse.json(apiBody('DELETE /currency_pair/admin/v1/:id', pair));
    }),
  );
  return writes;
}

describe('the rules of a definition', () => {
  it('required, requiredIf, limits and pattern, blank text counted as missing', () => {
    const def = {
      name: 'x',
      resource: 'x',
      paths: {},
      fields: [
        { name: 'kind', kind: 'enum', values: ['bank', 'card'], create: true, required: true },
        { name: 'bank', kind: 'text', create: true, requiredIf: { field: 'kind', values: ['bank'] }, minLength: 2 },
        { name: 'account', kind: 'text', create: true, edit: true, pattern: '^\\d+$', maxLength: 5 },
        { name: 'n', kind: 'integer', create: true, edit: true, min: 1, max: 3 },
      ],
    } as const;
    expect(writeProblems(def, { kind: 'card' }, 'create')).toEqual({});
    expect(writeProblems(def, { kind: 'bank', bank: ' ' }, 'create')).toEqual({ bank: { code: 'required' } });
    expect(writeProblems(def, { bank: 'B', account: '12a', n: 4 }, 'create')).toEqual({
      kind: { code: 'required' },
      bank: { code: 'too_short', limit: 2 },
      account: { code: 'invalid' },
      n: { code: 'too_large', limit: 3 },
    });
    expect(writeProblems(def, { account: '123456', n: '0' }, 'edit')).toEqual({
      account: { code: 'too_long', limit: 5 },
      n: { code: 'too_small', limit: 1 },
    });
    // an update may leave a field out
    expect(writeProblems(def, {}, 'edit')).toEqual({});
  });
});

describe('generated create form', () => {
  it.each([
    ['zh-CN', '必填', '不能大于 8', '保存'],
    ['en-US', 'Required', 'Must not be above 8', 'Save'],
  ] as const)('%s: checks the rules of the definition before sending', async (locale, required, tooLarge, save) => {
    const writes = serve();
    const { user } = await renderResource(currencyPair.config!, { locale, path: '/currency_pair/create' });
    const form = (source: string) => within(screen.getByTestId(`form-${source}`));
    await until(() => screen.getByTestId('form-decimals'));
    await user.click(screen.getByRole('button', { name: save }));
    expect(await form('base').findByText(required)).toBeInTheDocument();
    expect(form('spread').getByText(required)).toBeInTheDocument();
    await user.type(form('decimals').getByRole('textbox'), '9');
    expect(await form('decimals').findByText(tooLarge)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('sends a valid pair (base, quote, decimals, enabled, spread) and refuses the same currency twice', async () => {
    const writes = serve();
    const { user } = await renderResource(currencyPair.config!, { locale: 'zh-CN', path: '/currency_pair/create' });
    const form = (source: string) => within(screen.getByTestId(`form-${source}`));
    await until(() => screen.getByTestId('form-decimals'));
    const pick = async (source: string, name: RegExp) => {
      await user.click(form(source).getByRole('combobox'));
      await user.click(await screen.findByRole('option', { name }));
    };
    await pick('base', /^USD /);
    await pick('quote', /^USD /);
    await user.type(form('decimals').getByRole('textbox'), '4');
    await user.type(form('spread').getByRole('textbox'), '0.001');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await form('quote').findByText('两种货币不能相同')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await pick('quote', /^HKD /);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/currency_pair/admin/v1/create',
      body: { base: 'USD', quote: 'HKD', decimals: 4, enabled: true, spread: '0.001' },
    });
  });
});

describe('generated row actions', () => {
  it('edit: a dialog of the edit fields prefilled from the row, its limits checked, a PUT the API accepts', async () => {
    const writes = serve();
    const { user } = await renderResource(currencyPair.config!, { locale: 'en-US' });
    const row = (await until(() => screen.getByText(/^USD/))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    const decimals = dialog.getByRole('textbox', { name: /Decimals/ });
    expect(decimals).toHaveValue('6');
    expect(dialog.queryByRole('combobox', { name: /Base/ })).not.toBeInTheDocument();
    await user.clear(decimals);
    await user.type(decimals, '12');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Must not be above 8')).toBeInTheDocument();
    await user.clear(decimals);
    await user.type(decimals, '2');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/currency_pair/admin/v1/7',
      body: { decimals: 2, enabled: true, spread: '0.00150000' },
    });
  });

  it('delete: asks in the user language, then DELETEs the row', async () => {
    const writes = serve();
    const { user } = await renderResource(currencyPair.config!, { locale: 'zh-CN' });
    const row = (await until(() => screen.getByText(/^USD/))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('删除这条记录？删除后不可恢复。')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'DELETE', path: '/api/currency_pair/admin/v1/7', body: undefined });
  });
});
