// The engine's image input in an action dialog: upload through presign and a direct PUT, preview, clear, checks.
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ResourceConfig } from '../../resources/engine/types';
import { record, renderResource, serveList, until } from './engine.helpers';
import { api, apiBody, server, installMsw } from './msw';

installMsw({ offApi: ['/things/'] });

const PUBLIC_URL = '/api/s3/object/tr/3f1c2a4e-0000-4000-8000-000000000001.png';
const READ_URL = `${PUBLIC_URL}?expires=9999999999&signature=read`;

/** Serves presign (the API's answer shape) and the direct upload; records both. */
function serveUpload(uploadStatus = 200) {
  const presigns: unknown[] = [];
  const puts: Request[] = [];
  server.use(
    http.post(api('/s3/admin/presign/put'), async ({ request }) => {
      presigns.push(await request.json());
      return HttpResponse.json(
        apiBody('POST /s3/admin/presign/put', {
          url: '/upload/img-1?sig=abc',
          method: 'PUT',
          headers: { 'x-amz-acl': 'private' },
          public_url: PUBLIC_URL,
          read_url: READ_URL,
        }),
      );
    }),
    http.put('*/upload/:name', ({ request }) => {
      puts.push(request);
      return new HttpResponse(null, { status: uploadStatus });
    }),
  );
  return { presigns, puts };
}

/** A test resource whose row action asks for an image (required) and posts its URL. */
function setup() {
  serveList('/things/admin/v1/list', [record(1)]);
  const sent: unknown[] = [];
  server.use(
    http.post(api('/things/admin/v1/proof/:id'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({});
    }),
  );
  const config: ResourceConfig = {
    name: 'things',
    endpoints: { list: '/things/admin/v1/list' },
    fields: [{ source: 'username' }],
    rowActions: [
      {
        name: 'proof',
        confirm: false,
        inputs: [{ source: 'image', type: 'image', required: true, label: 'engine.imageInput.label' }],
        run: { method: 'POST', path: '/things/admin/v1/proof/{id}', body: (_r, v) => ({ image: v.image }) },
      },
    ],
  };
  return { config, sent };
}

const png = (name = 'doc.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('image input of an action dialog', () => {
  it('uploads through presign and a direct PUT, previews the signed URL, and sends the public URL', async () => {
    const { config, sent } = setup();
    const upload = serveUpload();
    const { user } = await renderResource(config);
    await user.click(await screen.findByTestId('action-proof'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('One image, at most 5 MB')).toBeInTheDocument();
    await user.upload(dialog.getByTestId('input-image-input'), png());
    expect(await dialog.findByTestId('input-image-preview')).toHaveAttribute('src', READ_URL);
    expect(upload.presigns).toEqual([{ filename: 'doc.png', content_type: 'image/png', size: 4 }]);
    expect(upload.puts).toHaveLength(1);
    expect(upload.puts[0].headers.get('content-type')).toBe('image/png');
    expect(upload.puts[0].headers.get('x-amz-acl')).toBe('private');
    expect(upload.puts[0].headers.get('Authorization')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(sent).toEqual([{ image: PUBLIC_URL }]));
  });

  it('is required: nothing is sent without an image, and a cleared image is gone', async () => {
    const { config, sent } = setup();
    serveUpload();
    const { user } = await renderResource(config);
    await user.click(await screen.findByTestId('action-proof'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Required')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await user.upload(dialog.getByTestId('input-image-input'), png());
    await dialog.findByTestId('input-image-preview');
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Remove image' }));
    expect(dialog.queryByTestId('input-image-preview')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Upload image' })).toBeInTheDocument();
    expect(dialog.getByText('Required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses a file that is not an image or over 5 MB without calling the API, and tells a failed upload', async () => {
    const { config, sent } = setup();
    const upload = serveUpload(500);
    const { user } = await renderResource(config, { locale: 'zh-CN' });
    await user.click(await screen.findByTestId('action-proof'));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByTestId('input-image-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await dialog.findByText('只能上传图片文件')).toBeInTheDocument();
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await dialog.findByText('图片不能超过 5 MB')).toBeInTheDocument();
    expect(upload.presigns).toHaveLength(0);

    // (fireEvent replaced the input's files above: user.upload cannot pick again)
    fireEvent.change(input, { target: { files: [png()] } });
    expect(await dialog.findByText('图片上传失败，请重试')).toBeInTheDocument();
    expect(upload.puts).toHaveLength(1);
    expect(dialog.queryByTestId('input-image-preview')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
