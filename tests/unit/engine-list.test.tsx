import { readFileSync } from 'node:fs';
// The generated list of a declared resource: columns, filters, sort, pagination, column chooser, money cells.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import deposit from '../../resources/deposit';
import client from '../../resources/client';
import { filtersOf, listFields, rangeParams } from '../../resources/engine/schema';
import type { ResourceConfig } from '../../resources/engine/types';
import { record, renderResource, serveList, until } from './engine.helpers';
import { installMsw } from './msw';

installMsw();

describe('generated list', () => {
  it('asks the list path with page, page_size, the default sort and order', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config);
    await screen.findByText('user1');
    const q = queries.at(-1)!;
    expect(q.get('page')).toBe('1');
    expect(q.get('page_size')).toBe('25');
    expect(q.get('sort')).toBe('created_at');
    expect(q.get('order')).toBe('desc');
  });

  it('shows a column per list field, hiding the hidden ones until chosen', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config);
    await screen.findByText('user1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const label of [
      'ID',
      'Client',
      'Type',
      'Amount',
      'Rate',
      'Credited',
      'Deposit type',
      'Status',
      'Proof',
      'Created at',
      'Actions',
    ]) {
      expect(headers).toContain(label);
    }
    expect(headers).not.toContain('Resolved by');
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
  });

  it('renders the filters of the schema as a filter form (text, options, date range)', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config);
    await screen.findByText('user1');
    expect(screen.getByRole('textbox', { name: 'Client' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByLabelText('Created at from')).toBeInTheDocument();
    expect(screen.getByLabelText('Created at to')).toBeInTheDocument();
  });

  it('sends a chosen option filter and a date range as query parameters', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1)]);
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Robot' }));
    await until(() => expect(queries.at(-1)!.get('fake')).toBe('true'));
    fireEvent.change(screen.getByLabelText('Created at from'), { target: { value: '2026-01-01' } });
    await until(() => expect(queries.at(-1)!.get('created_at_from')).toBe('2026-01-01'));
    expect(queries.at(-1)!.get('fake')).toBe('true');
  });

  it('starts a select filter with an explicit, translated "all" choice, not a blank line', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1)]);
    const { user } = await renderResource(deposit.config, { locale: 'zh-CN' });
    await screen.findByText('user1');
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]).toHaveTextContent(/^全部$/);
    expect(options.every((o) => o.textContent?.trim())).toBe(true);
    await user.click(options[1]);
    await until(() => expect(queries.at(-1)!.get('status')).toBeTruthy());
  });

  it('sorts by a sortable column and not by the others', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1)]);
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await user.click(screen.getByRole('button', { name: /sort by amount/i }));
    await until(() => expect(queries.at(-1)!.get('sort')).toBe('amount'));
    expect(queries.at(-1)!.get('order')).toBe('asc');
    expect(screen.queryByRole('button', { name: /sort by currency/i })).not.toBeInTheDocument();
  });

  it('offers page sizes up to 200 and asks the chosen one', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => record(i + 1));
    const queries = serveList('/deposit/admin/v1/list', rows, 1000);
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['10', '25', '50', '100', '200']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '200' }));
    await until(() => expect(queries.at(-1)!.get('page_size')).toBe('200'));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await until(() => expect(queries.at(-1)!.get('page')).toBe('2'));
  });

  it('shows amounts exactly and grouped, signed in colour, and options translated', async () => {
    serveList('/deposit/admin/v1/list', [record(1, { amount: '12345678901234.57', fake: true })]);
    const signed: ResourceConfig = {
      ...deposit.config,
      fields: deposit.config.fields.map((f) => (f.source === 'amount' ? { ...f, signed: true } : f)),
    };
    await renderResource(signed);
    const amount = await screen.findByText('12,345,678,901,234.57');
    // positive in the theme's success colour: a class of cells.css (jsdom does not apply the stylesheet: read here)
    expect(amount).toHaveClass('engine-sign1');
    expect(readFileSync('resources/engine/cells.css', 'utf8')).toMatch(
      /\.engine-sign1\s*{\s*color: var\(--engine-success/,
    );
    const row = within(screen.getAllByRole('row')[1]);
    expect(row.getByText('Robot')).toBeInTheDocument();
    expect(row.getByText('Pending')).toBeInTheDocument();
  });

  it('labels options in Chinese too', async () => {
    serveList('/deposit/admin/v1/list', [record(1, { fake: true, status: 'rolled_back' })]);
    await renderResource(deposit.config, { locale: 'zh-CN' });
    expect(await screen.findByText('机器人')).toBeInTheDocument();
    expect(screen.getByText('已回滚')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '金额' })).toBeInTheDocument();
  });

  it('derives the client list filters of the issue from the declaration', () => {
    const sources = filtersOf(client.config).map((f) => `${f.type}:${f.source}`);
    expect(sources).toEqual([
      'text:username',
      'text:mobile',
      'option:fake',
      'option:active',
      'option:kyc_status',
      'number:vip',
      'remoteOption:agent_id',
      'remoteOption:leader_id',
      'dateRange:create_datetime',
    ]);
    expect(rangeParams(filtersOf(client.config).at(-1) as never)).toEqual({ from: 'created_from', to: 'created_to' });
    expect(listFields(client.config).map((f) => f.source)).toContain('agent_name');
  });
});
