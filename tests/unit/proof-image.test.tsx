import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { FieldValue } from '../../resources/engine/FieldValue';
import deposit from '../../resources/deposit';
import cryptoDeposit from '../../resources/crypto_deposit';
import { record, renderResource, renderWithEngine, serveList, until } from './engine.helpers';
import { installMsw } from './msw';

installMsw();
vi.setConfig({ testTimeout: 30_000 });

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
});
