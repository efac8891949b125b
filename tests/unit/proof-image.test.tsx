import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { FieldValue } from '../../resources/engine/FieldValue';
import deposit from '../../resources/deposit';
import cryptoDeposit from '../../resources/crypto_deposit';
import { record, renderResource, renderWithEngine, serveList, until } from './engine.helpers';
import { http, HttpResponse } from 'msw';
import { api, apiBody, installMsw, server } from './msw';

installMsw();

const SIGNED = '/api/s3/object/tr/3f1c2a4e-0000-4000-8000-000000000001.png?expires=9999999999&signature=abc';
const imageField = { source: 'screenshot_url', type: 'image' } as const;

describe('ProofImage (engine field type image)', () => {
  it('shows a thumbnail of the signed URL with alternative text, and opens the full image', async () => {
    const { user } = await renderWithEngine(
      <FieldValue field={imageField} record={record(1, { screenshot_url: SIGNED })} />,
      {
        locale: 'zh-CN',
      },
    );
    const thumb = screen.getByTestId('proof-image');
    expect(thumb).toHaveAttribute('src', SIGNED);
    expect(thumb).toHaveAttribute('alt', '凭证图片');
    await user.click(screen.getByRole('button', { name: '查看大图' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: '凭证图片' })).toHaveAttribute('src', SIGNED);
  });

  it('says in the user language that the image could not be loaded', async () => {
    await renderWithEngine(<FieldValue field={imageField} record={record(1, { screenshot_url: SIGNED })} />);
    fireEvent.error(screen.getByTestId('proof-image'));
    expect(await screen.findByText('Image could not be loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('proof-image')).toBeNull();
  });

  it('renders nothing without a URL', async () => {
    await renderWithEngine(<FieldValue field={imageField} record={record(1, { screenshot_url: null })} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is a column of the deposit and crypto deposit lists, over screenshot_url, and not of the others', async () => {
    for (const { config } of [deposit, cryptoDeposit]) {
      expect(config.fields.find((f) => f.source === 'screenshot_url')).toMatchObject({ type: 'image' });
      expect(config.fields.find((f) => f.source === 'screenshot')).toBeUndefined();
    }
  });

  it('shows the proof in a deposit list row', async () => {
    serveList('/deposit/admin/v1/list', [record(7, { screenshot_url: SIGNED }), record(8)]);
    await renderResource(deposit.config);
    await until(() => expect(screen.getAllByTestId('proof-image')).toHaveLength(1));
    expect(screen.getByTestId('proof-image')).toHaveAttribute('src', SIGNED);
  });

  it('is shown large on the show page, and opens a zoom view that switches to 1:1 and closes with Esc', async () => {
    server.use(
      http.get(api('/deposit/admin/v1/detail/7'), () =>
        HttpResponse.json(apiBody('GET /deposit/admin/v1/detail/:id', { ...record(7), screenshot_url: SIGNED })),
      ),
    );
    const { user } = await renderResource(deposit.config, { path: '/deposit/7/show', locale: 'zh-CN' });
    const shown = within(await screen.findByTestId('show-screenshot_url')).getByTestId('proof-image');
    expect(shown).toHaveAttribute('src', SIGNED);
    // readable: up to 360 px wide and 480 px high (a list thumbnail is 28 px high)
    expect(getComputedStyle(shown).maxHeight).toBe('480px');
    expect(getComputedStyle(shown).maxWidth).toBe('100%');
    expect(getComputedStyle(shown.parentElement!).maxWidth).toMatch(/360px/);

    await user.click(screen.getByRole('button', { name: '查看大图' }));
    const zoom = within(await screen.findByTestId('image-zoom'));
    const full = zoom.getByRole('img', { name: '凭证图片' });
    expect(full).toHaveAttribute('src', SIGNED);
    expect(full).toHaveAttribute('data-zoom', 'fit');
    await user.click(zoom.getByRole('button', { name: '实际大小' }));
    expect(full).toHaveAttribute('data-zoom', 'actual');
    expect(getComputedStyle(full).maxWidth).toBe('none');
    await user.click(zoom.getByRole('button', { name: '适应窗口' }));
    expect(full).toHaveAttribute('data-zoom', 'fit');
    await user.keyboard('{Escape}');
    await until(() => expect(screen.queryByTestId('image-zoom')).not.toBeInTheDocument());
    expect(screen.getByTestId('proof-image')).toBeInTheDocument();
  });

  it('closes the zoom view with its close button', async () => {
    const { user } = await renderWithEngine(
      <FieldValue field={imageField} record={record(1, { screenshot_url: SIGNED })} />,
    );
    expect(getComputedStyle(screen.getByTestId('proof-image')).maxHeight).toBe('28px');
    await user.click(screen.getByRole('button', { name: 'View full image' }));
    const zoom = within(await screen.findByTestId('image-zoom'));
    await user.click(zoom.getByRole('button', { name: 'Close' }));
    await until(() => expect(screen.queryByTestId('image-zoom')).not.toBeInTheDocument());
  });
});
