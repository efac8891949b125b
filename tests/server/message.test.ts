// In-site messages (resource message): templates (config only), compose to a client, a list, a team, all; scope
// (a salesman sees his clients' messages and counts only, a leader composes only to his team, another tenant sees
// nothing), the shared rules (domain/message.ts) on the API, audit rows, scheduled delivery exactly once, cancel.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, message, messageRecipient } from '../../server/db/schema';
import { deliverDue } from '../../server/modules/message/delivery';
import { composeProblems, renderMessage, sendAtInstant } from '../../domain/message';
import { clientSuite, lastAudit, type StaffName } from './client-fixture';
import { call, login } from './helpers';

const API = '/api/message/admin/v1';
const s = clientSuite(['admin', 'supervisor', 'leader', 'leader2', 'sales', 'sales2']);

const as = (who: StaffName | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(s.f.t.app, method, `${API}${path}`, { token: s.f.tokens[who as StaffName] ?? who, body });

/** Marks a recipient read, as the client app would. */
async function markRead(messageId: number, clientId: number) {
  await s.f.t.database.db
    .update(messageRecipient)
    .set({ readAt: sql`now()` })
    .where(and(eq(messageRecipient.messageId, messageId), eq(messageRecipient.clientId, clientId)));
}

const usernamesOf = async (who: StaffName, id: number) =>
  ((await as(who, 'GET', `/${id}/recipients?page_size=200`)).json().data as { username: string }[])
    .map((r) => r.username)
    .sort();

describe('templates', () => {
  it('supervisors write templates (sanitised, audited); leaders read them but may not write', async () => {
    const res = await as('supervisor', 'POST', '/template/create', {
      name: ' Welcome ',
      title: '欢迎 {{client_name}}',
      title_en: 'Welcome {{client_name}}',
      body: '<p onclick="x()">您好 {{username}}<script>alert(1)</script></p>',
      body_en: '<p>Hello {{username}}</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Welcome',
      body: '<p>您好 {{username}}</p>',
      updated_by_name: 'Supervisor',
    });
    const audit = await lastAudit(s.f.t, 'message_template.create');
    expect(audit).toMatchObject({ username: 'supervisor', result: 'success', targetId: String(res.json().id) });

    expect((await as('leader', 'POST', '/template/create', { name: 'x', title: 't', body: 'b' })).statusCode).toBe(403);
    expect((await as('leader', 'GET', '/template/list')).json().data.map((t: { name: string }) => t.name)).toContain(
      'Welcome',
    );
    expect((await as('sales', 'GET', `/template/${res.json().id}`)).statusCode).toBe(200);
  });

  it('refuses unknown variables and blank texts with the shared codes; other tenants see nothing', async () => {
    const res = await as('admin', 'POST', '/template/create', {
      name: 'x',
      title: 'Hi {{password}}',
      body: '<p> </p>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field_codes).toMatchObject({ title: { code: 'unknown_variable' }, body: { code: 'required' } });
    // the console's check gives the same codes
    expect(composeProblems({ audience: 'all', title: 'Hi {{password}}', body: '<p> </p>' })).toMatchObject({
      title: 'unknown_variable',
      body: 'required',
    });
    const pl = (await login(s.f.t.app, 'admin', { tenant: 'pl' })).access_token;
    const list = await call(s.f.t.app, 'GET', `${API}/template/list`, { token: pl, tenant: 'pl' });
    expect(list.json().data).toEqual([]);
  });

  it('updates and deletes (audited); a missing one is 404', async () => {
    const made = (await as('admin', 'POST', '/template/create', { name: 'Tmp', title: 'T', body: 'B' })).json();
    const put = await as('admin', 'PUT', `/template/${made.id}`, { name: 'Tmp2', title: 'T2', body: '<b>B2</b>' });
    expect(put.json()).toMatchObject({ name: 'Tmp2', title: 'T2', body: '<b>B2</b>' });
    expect((await lastAudit(s.f.t, 'message_template.update')).before).toMatchObject({ name: 'Tmp' });
    // nothing left of the body once sanitised is no body; a leader (message create, no config) may not write
    const emptied = await as('admin', 'PUT', `/template/${made.id}`, {
      name: 'T',
      title: 'T',
      body: '<script>x</script>',
    });
    expect(emptied.json().field_codes).toMatchObject({ body: { code: 'required' } });
    expect((await as('leader', 'PUT', `/template/${made.id}`, { name: 'x', title: 't', body: 'b' })).statusCode).toBe(
      403,
    );
    expect((await as('leader', 'DELETE', `/template/${made.id}`)).statusCode).toBe(403);
    expect((await as('admin', 'DELETE', `/template/${made.id}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', `/template/${made.id}`)).statusCode).toBe(404);
    expect((await as('admin', 'DELETE', `/template/${made.id}`)).statusCode).toBe(404);
  });
});

describe('compose', () => {
  it('a leader composes to his team from a template: the real clients of him and his salesmen, robots left out', async () => {
    const tpl = (await as('admin', 'GET', '/template/list'))
      .json()
      .data.find((t: { name: string }) => t.name === 'Welcome');
    const res = await as('leader', 'POST', '/create', { audience: 'team', template_id: tpl.id });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      audience: 'team',
      status: 'sent',
      title: '欢迎 {{client_name}}',
      title_en: 'Welcome {{client_name}}',
      template_name: 'Welcome',
      team_leader_name: 'Team Leader',
      recipients: 5,
      read: 0,
      created_by_name: 'Team Leader',
    });
    expect(m.sent_at).not.toBeNull();
    expect(await usernamesOf('leader', m.id)).toEqual(['c_leader', 'c_noacc', 'c_sales', 'c_sales2', 'c_sales_b']);
    const audit = await lastAudit(s.f.t, 'message.create');
    expect(audit).toMatchObject({ username: 'leader', result: 'success', targetId: String(m.id) });

    // read counts per recipient
    await markRead(m.id, s.id('c_sales'));
    await markRead(m.id, s.id('c_sales2'));
    const row = (await as('leader', 'GET', '/list')).json().data.find((r: { id: number }) => r.id === m.id);
    expect(row).toMatchObject({ recipients: 5, read: 2 });
    const unread = (await as('leader', 'GET', `/${m.id}/recipients?read=false`)).json();
    expect(unread.total).toBe(3);

    // a salesman sees the message, counted over his own clients only
    const salesRow = (await as('sales', 'GET', '/list')).json().data.find((r: { id: number }) => r.id === m.id);
    expect(salesRow).toMatchObject({ recipients: 3, read: 1 });
    expect(await usernamesOf('sales', m.id)).toEqual(['c_noacc', 'c_sales', 'c_sales_b']);
  });

  it("a leader composes only to his team: another leader's team, a client outside it, or all are refused", async () => {
    const other = await as('leader', 'POST', '/create', {
      audience: 'team',
      team_leader_id: s.f.staffId.leader2,
      title: 't',
      body: 'b',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().field_codes.team_leader_id.code).toBe('leader_own_team');
    const outside = await as('leader', 'POST', '/create', {
      audience: 'client',
      username: 'c_sales3',
      title: 't',
      body: 'b',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().field_codes.username.code).toBe('clients_unknown');
    expect((await as('leader', 'POST', '/create', { audience: 'all', title: 't', body: 'b' })).statusCode).toBe(403);
    // a salesman reads only
    expect(
      (await as('sales', 'POST', '/create', { audience: 'client', username: 'c_sales', title: 't', body: 'b' }))
        .statusCode,
    ).toBe(403);
    // refusals after the permission check are audited as failures
    const [failure] = await s.f.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.create'), eq(auditLog.result, 'failure')))
      .limit(1);
    expect(failure).toBeDefined();
  });

  it('a list of clients: every named one must exist in scope; the administrator may write to another team and all', async () => {
    const bad = await as('admin', 'POST', '/create', {
      audience: 'clients',
      usernames: 'c_sales, nobody_here',
      title: 'T',
      body: 'B',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.usernames).toContain('nobody_here');
    const ok = await as('admin', 'POST', '/create', {
      audience: 'clients',
      usernames: 'c_sales3\nc_nobody，c_sales3',
      title: 'Two',
      body: '<p>x</p>',
    });
    expect(ok.json()).toMatchObject({ recipients: 2, audience: 'clients' });
    // the salesman sees none of it: no recipient is his
    expect((await as('sales', 'GET', '/list')).json().data.map((r: { id: number }) => r.id)).not.toContain(
      ok.json().id,
    );
    expect((await as('sales', 'GET', `/${ok.json().id}`)).statusCode).toBe(404);
    expect((await as('sales', 'GET', `/${ok.json().id}/recipients`)).statusCode).toBe(404);

    const team2 = await as('supervisor', 'POST', '/create', {
      audience: 'team',
      team_leader_id: s.f.staffId.leader2,
      title: 'T2',
      body: 'B2',
    });
    expect(team2.json()).toMatchObject({ recipients: 1, team_leader_name: 'Team Leader 2' });
    expect((await as('leader', 'GET', `/${team2.json().id}`)).statusCode).toBe(404);

    const all = await as('admin', 'POST', '/create', { audience: 'all', title: '全体', body: '<p>公告</p>' });
    expect(all.json().recipients).toBe(7); // the 8 clients of tr but the robot
    const pl = (await login(s.f.t.app, 'admin', { tenant: 'pl' })).access_token;
    const plList = await call(s.f.t.app, 'GET', `${API}/list`, { token: pl, tenant: 'pl' });
    expect(plList.json().data).toEqual([]);
    expect((await call(s.f.t.app, 'GET', `${API}/${all.json().id}`, { token: pl, tenant: 'pl' })).statusCode).toBe(404);
  });

  it('validation: the same rules as the console, with their codes', async () => {
    const cases: [unknown, string, string][] = [
      [{ audience: 'client', title: 't', body: 'b' }, 'username', 'required'],
      [{ audience: 'clients', usernames: ' , ', title: 't', body: 'b' }, 'usernames', 'required'],
      [{ audience: 'all', body: 'b' }, 'title', 'required'],
      [{ audience: 'all', title: 't', body: '{{ nope }}' }, 'body', 'unknown_variable'],
      [{ audience: 'all', title: 't', body: 'b', send_at: '2020-01-01 10:00' }, 'send_at', 'send_at_past'],
      [{ audience: 'all', title: 't', body: 'b', send_at: '2030-02-30 10:00' }, 'send_at', 'invalid'],
      [{ audience: 'team', title: 't', body: 'b' }, 'team_leader_id', 'required'],
      [{ audience: 'team', team_leader_id: 1, title: 't', body: 'b' }, 'team_leader_id', 'leader_invalid'],
      [{ audience: 'all', template_id: 999999, body: 'b' }, 'template_id', 'invalid'],
      [{ audience: 'all', title: 't', body: 'b', extra: 1 }, 'extra', 'unknown_field'],
    ];
    for (const [body, field, code] of cases) {
      const res = await as('admin', 'POST', '/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field_codes?.[field]?.code, JSON.stringify(body)).toBe(code);
    }
  });
});

describe('scheduled delivery', () => {
  it('a scheduled message waits, is delivered once by concurrent deliverers, with one audit row', async () => {
    const res = await as('admin', 'POST', '/create', {
      audience: 'client',
      username: 'c_sales',
      title: '定时',
      body: '<p>later</p>',
      send_at: '2099-01-01 09:30',
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    // 09:30 in Asia/Shanghai (the tenant's zone)
    expect(m).toMatchObject({ status: 'scheduled', send_at: '2099-01-01T01:30:00.000Z', sent_at: null, recipients: 1 });
    expect(await deliverDue(s.f.t.database.db, 'tr')).not.toContain(m.id);

    // make it due, then deliver from "several processes" at once
    await s.f.t.database.db
      .update(message)
      .set({ sendAt: sql`now() - interval '1 second'` })
      .where(eq(message.id, m.id));
    const runs = await Promise.all([1, 2, 3].map(() => deliverDue(s.f.t.database.db)));
    expect(runs.flat().filter((id) => id === m.id)).toHaveLength(1);
    const rows = await s.f.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.deliver'), eq(auditLog.targetId, String(m.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'system', result: 'success', tenantId: 'tr' });
    const after = (await as('admin', 'GET', `/${m.id}`)).json();
    expect(after.status).toBe('sent');
    expect(after.sent_at).not.toBeNull();
    // cancelling a delivered message: 409, nothing changed
    const cancel = await as('admin', 'POST', `/cancel/${m.id}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('invalid_state');
  });

  it('a due message is delivered when the list is read', async () => {
    const m = (
      await as('admin', 'POST', '/create', {
        audience: 'client',
        username: 'c_leader',
        title: 'x',
        body: 'y',
        send_at: '2099-01-01T00:00:00Z',
      })
    ).json();
    await s.f.t.database.db
      .update(message)
      .set({ sendAt: sql`now() - interval '1 second'` })
      .where(eq(message.id, m.id));
    const row = (await as('leader', 'GET', '/list')).json().data.find((r: { id: number }) => r.id === m.id);
    expect(row.status).toBe('sent');
  });

  it('cancel: scheduled only, once; a leader only his own; audited', async () => {
    const mine = (
      await as('leader', 'POST', '/create', { audience: 'team', title: 'x', body: 'y', send_at: '2099-05-01 08:00' })
    ).json();
    const admins = (
      await as('admin', 'POST', '/create', {
        audience: 'client',
        username: 'c_sales',
        title: 'x',
        body: 'y',
        send_at: '2099-05-01 08:00',
      })
    ).json();
    // the leader sees the admin's message (it reaches his team) but may not cancel it
    expect((await as('leader', 'GET', `/${admins.id}`)).statusCode).toBe(200);
    expect((await as('leader', 'POST', `/cancel/${admins.id}`)).statusCode).toBe(404);
    const res = await as('leader', 'POST', `/cancel/${mine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await lastAudit(s.f.t, 'message.cancel')).toMatchObject({
      username: 'leader',
      before: { status: 'scheduled' },
      after: { status: 'cancelled' },
    });
    expect((await as('leader', 'POST', `/cancel/${mine.id}`)).statusCode).toBe(409);
    expect((await as('sales', 'POST', `/cancel/${admins.id}`)).statusCode).toBe(403);
    // a cancelled message is never delivered
    await s.f.t.database.db
      .update(message)
      .set({ sendAt: sql`now() - interval '1 second'` })
      .where(eq(message.id, mine.id));
    expect(await deliverDue(s.f.t.database.db)).not.toContain(mine.id);
  });
});

describe('domain rules', () => {
  it('renders variables per recipient, escaping them in a body', () => {
    expect(
      renderMessage('<p>{{ client_name }} / {{username}}</p>', { client_name: '<b>A&B</b>', username: 'u1' }, 'body'),
    ).toBe('<p>&lt;b&gt;A&amp;B&lt;/b&gt; / u1</p>');
    expect(renderMessage('Hi {{client_name}}', { client_name: null }, 'title')).toBe('Hi ');
  });

  it('reads send_at in the tenant zone across offsets', () => {
    expect(sendAtInstant('2026-07-01 12:00', 'Europe/Warsaw')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(sendAtInstant('2026-01-01 12:00', 'Europe/Warsaw')?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(sendAtInstant('2026-01-01T12:00+02:00', 'Asia/Shanghai')?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(sendAtInstant('tomorrow', 'Asia/Shanghai')).toBeNull();
  });
});
