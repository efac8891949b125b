// The crypto deposit list: chain, receiving address and transaction hash columns (address and hash shortened, the
// full text on hover and copied by a button), filters chain (select) and tx_hash sent as query parameters.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import cryptoDeposit from '../../resources/crypto_deposit';
import { shorten } from '../../resources/engine/ShortText';
import { record, renderResource, serveList, toasts, until } from './engine.helpers';
import { installMsw } from './msw';

installMsw();

const ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const HASH = '0x' + 'c3'.repeat(32);
const row = (id: number) =>
  record(id, { sub_type: 'crypto', chain: 'TRC20', address: ADDRESS, tx_hash: HASH } as Partial<
    ReturnType<typeof record>
  >);

describe('crypto deposit list', () => {
  it('shows the chain translated and the address and hash shortened, in full on hover', async () => {
    serveList('/deposit/admin/v1/crypto/list', [row(1)]);
    const { user } = await renderResource(cryptoDeposit.config);
    await screen.findByText('user1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const label of ['Chain', 'Receiving address', 'Transaction hash']) expect(headers).toContain(label);
    const cells = within(screen.getAllByRole('row')[1]);
    expect(cells.getByText('TRC20 (TRON)')).toBeInTheDocument();
    const address = cells.getByText(shorten(ADDRESS));
    expect(shorten(ADDRESS)).toBe('TXYZop…AeBf');
    expect(cells.getByText(shorten(HASH))).toBeInTheDocument();
    expect(cells.queryByText(ADDRESS)).toBeNull();
    await user.hover(address);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ADDRESS);
  });

  it('copies the full value', async () => {
    serveList('/deposit/admin/v1/crypto/list', [row(1)]);
    const { user } = await renderResource(cryptoDeposit.config);
    await screen.findByText('user1');
    const copies = within(screen.getAllByRole('row')[1]).getAllByRole('button', { name: 'Copy' });
    expect(copies).toHaveLength(2);
    await user.click(copies[1]);
    await until(() => expect(toasts()).toContain('Copied'));
    expect(await navigator.clipboard.readText()).toBe(HASH);
  });

  it('filters by chain (a select of the chains) and by transaction hash', async () => {
    const queries = serveList('/deposit/admin/v1/crypto/list', [row(1)]);
    const { user } = await renderResource(cryptoDeposit.config);
    await screen.findByText('user1');
    await user.click(screen.getByRole('combobox', { name: 'Chain' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['TRC20 (TRON)', 'ERC20 (Ethereum)', 'SOL (Solana)']));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'BTC (Bitcoin)' }));
    await until(() => expect(queries.at(-1)!.get('chain')).toBe('BTC'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Transaction hash' }), { target: { value: HASH } });
    await until(() => expect(queries.at(-1)!.get('tx_hash')).toBe(HASH));
    expect(queries.at(-1)!.get('chain')).toBe('BTC');
  });

  it('speaks Chinese', async () => {
    serveList('/deposit/admin/v1/crypto/list', [row(1)]);
    await renderResource(cryptoDeposit.config, { locale: 'zh-CN' });
    expect(await screen.findByText('TRC20（波场）')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '交易哈希' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '复制' })).toHaveLength(2);
  });
});
