// The KYC page: the list with its filters, the record (client, identity, documents at a readable size, review),
// approve and reject (a reason required, the API's field error under its input), fill in and edit. Every mocked
// answer is checked against the API's schemas (installMsw).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import kyc from '../../resources/kyc';
import { renderResource, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();

const FRONT = '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png?expires=1&signature=a';
const BACK = '/api/s3/object/tr/11111111-2222-4333-8444-666666666666.png?expires=1&signature=b';

/** The API's KYC record of client 42, pending with documents. */
const pending = (extra: Record<string, unknown> = {}) =>
  apiBody('GET /identify/admin/v1/detail/:id', {
    id: 42,
    username: 'client0042',
    full_name: 'Zhang San',
    agent_id: 5,
    agent_name: 'Sales Li',
    status: 'pending',
    real_name: 'Zhang San',
    id_type: 'passport',
    id_number: 'E12345678',
    nationality: 'CN',
    dob: '1990-05-17',
    address: '1 Demo Road',
    front_image: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
    back_image: '/api/s3/object/tr/11111111-2222-4333-8444-666666666666.png',
    front_image_url: FRONT,
    back_image_url: BACK,
    submitted_at: '2026-03-01T08:00:00Z',
    ...extra,
  });

/** Serves the list (recording each query) and the detail of 42; the audit and fill calls record their bodies. */
function serve(rows: Record<string, unknown>[] = [pending()], detail = pending()) {
  const queries: URLSearchParams[] = [];
  const bodies: { path: string; body: unknown }[] = [];
  let current = detail;
  server.use(
    http.get(api('/identify/admin/v1/list'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(apiList('GET /identify/admin/v1/list', rows));
    }),
    http.get(api('/identify/admin/v1/detail/:id'), () => HttpResponse.json(current)),
    http.post(api('/identify/admin/v1/audit/:id'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ path: new URL(request.url).pathname, body });
      current = { ...current, ...body, reviewer_name: 'Supervisor', reviewed_at: '2026-03-02T08:00:00Z' };
      return HttpResponse.json(apiBody('POST /identify/admin/v1/audit/:id', current));
    }),
    http.post(api('/identify/admin/v1/fill/:id'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ path: new URL(request.url).pathname, body });
      return HttpResponse.json(apiBody('POST /identify/admin/v1/fill/:id', { ...current, ...body, status: 'pending' }));
    }),
  );
  return { queries, bodies };
}

const shown = (source: string) => screen.getByTestId(`show-${source}`).querySelector('dd')?.textContent;

describe('KYC list', () => {
  it('shows each client with its status, identity and agent, in Chinese', async () => {
    serve([
      pending(),
      apiBody('GET /identify/admin/v1/detail/:id', { id: 7, username: 'client0007', status: 'unverified' }),
    ]);
    await renderResource(kyc.config, { locale: 'zh-CN' });
    const row = (await screen.findByText('client0042')).closest('tr')!;
    expect(within(row).getByText('待审核')).toBeInTheDocument();
    expect(within(row).getByText('护照')).toBeInTheDocument();
    expect(within(row).getByText('Sales Li')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '通过' })).toBeInTheDocument();
    const other = screen.getByText('client0007').closest('tr')!;
    expect(within(other).getByText('未认证')).toBeInTheDocument();
    // an unverified client is filled in, not decided
    expect(within(other).queryByRole('button', { name: '通过' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /提交时间/ })).toBeInTheDocument();
  });

  it('sends the status and username filters and the submitted order as the API names them', async () => {
    const { queries } = serve();
    await renderResource(kyc.config, { path: '/kyc?filter={"status":"pending","username":"cli"}' });
    await screen.findByText('client0042');
    await until(() => {
      const q = queries[queries.length - 1];
      expect(q.get('status')).toBe('pending');
      expect(q.get('username')).toBe('cli');
      expect(q.get('sort')).toBe('submitted_at');
      expect(q.get('order')).toBe('desc');
    });
  });
});

describe('KYC record', () => {
  it('shows client, identity, the documents at a readable size, and the review', async () => {
    serve(
      [],
      pending({
        status: 'rejected',
        reviewer_name: 'Supervisor',
        remark: 'Photo unreadable',
        reviewed_at: '2026-03-02T08:00:00Z',
      }),
    );
    await renderResource(kyc.config, { path: '/kyc/42/show' });
    await screen.findByText('Photo unreadable');
    expect(shown('username')).toBe('client0042');
    expect(shown('agent_name')).toBe('Sales Li');
    expect(shown('status')).toBe('Rejected');
    expect(shown('id_type')).toBe('Passport');
    expect(shown('reviewer_name')).toBe('Supervisor');
    for (const [source, src] of [
      ['front_image_url', FRONT],
      ['back_image_url', BACK],
    ]) {
      const img = within(screen.getByTestId(`show-${source}`)).getByRole('img');
      expect(img).toHaveAttribute('src', src);
    }
    expect(shown('selfie_image_url')).toBe('—');
    for (const section of ['client', 'identity', 'documents', 'review'])
      expect(screen.getByTestId(`section-${section}`)).toBeInTheDocument();
    // the stored references are for forms only
    expect(screen.queryByTestId('show-front_image')).toBeNull();
    // a decided record offers no decision
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approves a pending record after confirmation; the record shows approved', async () => {
    const { bodies } = serve();
    const { user } = await renderResource(kyc.config, { path: '/kyc/42/show' });
    await screen.findByText('E12345678');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/client0042.*Zhang San.*E12345678/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() =>
      expect(bodies).toEqual([{ path: '/api/identify/admin/v1/audit/42', body: { status: 'approved' } }]),
    );
    await until(() => expect(shown('status')).toBe('Approved'));
  });

  it('rejects only with a reason; the API field error shows under the input', async () => {
    const { bodies } = serve();
    const { user } = await renderResource(kyc.config, { path: '/kyc/42/show', locale: 'zh-CN' });
    await screen.findByText('E12345678');
    await user.click(screen.getByRole('button', { name: '拒绝' }));
    const dialog = within(await screen.findByRole('dialog'));
    const reason = dialog.getByRole('textbox', { name: /拒绝原因/ });
    await user.type(reason, '   ');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(dialog.getAllByText(/必填/).length).toBeGreaterThan(0));
    expect(bodies).toEqual([]);

    server.use(
      http.post(api('/identify/admin/v1/audit/:id'), () =>
        HttpResponse.json(
          {
            message: 'Remark is required to reject',
            code: 'validation',
            errors: { remark: 'Remark is required to reject' },
          },
          { status: 400 },
        ),
      ),
    );
    await user.clear(reason);
    await user.type(reason, 'x');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(/Remark is required to reject/);
    expect(dialog.getByRole('alert')).toHaveTextContent('备注');
  });

  it('sends the reason with the rejection', async () => {
    const { bodies } = serve();
    const { user } = await renderResource(kyc.config, { path: '/kyc/42/show' });
    await screen.findByText('E12345678');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), ' Photo unreadable ');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() =>
      expect(bodies).toEqual([
        { path: '/api/identify/admin/v1/audit/42', body: { status: 'rejected', remark: 'Photo unreadable' } },
      ]),
    );
  });

  it('fills in the identity of an unverified client: required fields first, then the call', async () => {
    const unverified = apiBody('GET /identify/admin/v1/detail/:id', {
      id: 7,
      username: 'client0007',
      status: 'unverified',
    });
    const { bodies } = serve([unverified], unverified);
    const { user } = await renderResource(kyc.config, { path: '/kyc/7/show' });
    await user.click(await screen.findByRole('button', { name: 'Fill in identity' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(bodies).toEqual([]);
    await user.type(dialog.getByRole('textbox', { name: /Real name/ }), 'Li Si');
    await user.type(dialog.getByRole('textbox', { name: /ID number/ }), 'G1234');
    await user.click(dialog.getByRole('combobox', { name: /ID type/ }));
    await user.click(await screen.findByRole('option', { name: 'ID card' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() =>
      expect(bodies).toEqual([
        { path: '/api/identify/admin/v1/fill/7', body: { real_name: 'Li Si', id_type: 'id_card', id_number: 'G1234' } },
      ]),
    );
  });
});
