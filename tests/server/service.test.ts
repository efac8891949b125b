// Customer-service configuration (resource service): the default and a team's own, the shared rules
// (domain/service.ts) with their codes, who writes what (a leader: his own team only), audit rows, and what a client
// sees (effective/:client_id: his team's, else the default; open now in the tenant's time zone).
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, openAt, serviceProblems, WEEKDAYS, type ServiceDoc } from '../../domain/service';
import { clientSuite, lastAudit, type StaffName } from './client-fixture';
import { call, login } from './helpers';

const API = '/api/service/admin/v1';
const s = clientSuite(['admin', 'supervisor', 'leader', 'leader2', 'sales']);

const as = (who: StaffName, method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(s.f.t.app, method, `${API}${path}`, { token: s.f.tokens[who], body });

const doc = (over: Partial<ServiceDoc> = {}): ServiceDoc => ({
  channels: [
    { kind: 'chat', value: 'https://chat.example.com/room', label: '在线客服' },
    { kind: 'phone', value: '+86 400-800-1234', label: null },
    { kind: 'telegram', value: '@broker_support', label: '' },
  ],
  hours: DEFAULT_HOURS,
  ...over,
});

describe('default and teams', () => {
  it('the default starts empty; an administrator saves it (audited); a leader reads it but may not change it', async () => {
    const empty = (await as('admin', 'GET', '/default')).json();
    expect(empty).toMatchObject({ id: null, scope: 'tenant', channels: [], time_zone: 'Asia/Shanghai' });
    expect(empty.hours).toHaveLength(7);

    const res = await as('admin', 'PUT', '/default', doc());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels[2]).toEqual({ kind: 'telegram', value: '@broker_support', label: null });
    expect(res.json().updated_by_name).toBe('Administrator');
    const audit = await lastAudit(s.f.t, 'service.default.update');
    expect(audit).toMatchObject({ username: 'admin', result: 'success' });
    expect(audit.before).toMatchObject({ id: null, channels: [] });

    expect((await as('leader', 'GET', '/default')).json().channels).toHaveLength(3);
    expect((await as('leader', 'PUT', '/default', doc())).statusCode).toBe(403);
    expect((await as('sales', 'GET', '/default')).statusCode).toBe(403);
  });

  it("a leader saves his own team's hours; another team's is 404 to him; the list shows what he may see", async () => {
    const hours = DEFAULT_HOURS.map((h) =>
      h.day === 'sat' ? { ...h, closed: false, open: '10:00', close: '16:00' } : h,
    );
    const res = await as('leader', 'PUT', `/team/${s.f.staffId.leader}`, doc({ hours, channels: [] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'team', leader_name: 'Team Leader', channels: [] });
    expect(res.json().hours[5]).toEqual({ day: 'sat', closed: false, open: '10:00', close: '16:00' });
    expect(await lastAudit(s.f.t, 'service.team.update')).toMatchObject({
      username: 'leader',
      targetId: String(s.f.staffId.leader),
    });
    expect((await as('leader', 'PUT', `/team/${s.f.staffId.leader2}`, doc())).statusCode).toBe(404);
    expect((await as('leader', 'GET', `/team/${s.f.staffId.leader2}`)).statusCode).toBe(404);
    // not a team leader
    expect((await as('admin', 'PUT', `/team/${s.f.staffId.sales}`, doc())).statusCode).toBe(404);

    // leader2's team has none of its own: it shows the default's texts, id null
    const team2 = (await as('admin', 'GET', `/team/${s.f.staffId.leader2}`)).json();
    expect(team2).toMatchObject({ id: null, scope: 'team', leader_name: 'Team Leader 2' });
    expect(team2.channels).toHaveLength(3);

    const leaderList = (await as('leader', 'GET', '/list')).json().data;
    expect(leaderList.map((r: { scope: string }) => r.scope).sort()).toEqual(['team', 'tenant']);
    const team = leaderList.find((r: { scope: string }) => r.scope === 'team');
    expect(team).toMatchObject({ leader_name: 'Team Leader', channels: 0, open_days: 6 });
    const pl = (await login(s.f.t.app, 'admin', { tenant: 'pl' })).access_token;
    expect((await call(s.f.t.app, 'GET', `${API}/list`, { token: pl, tenant: 'pl' })).json().data).toEqual([]);
  });

  it('validation: the shared rules and their codes, on the API as in the console', async () => {
    const bad = doc({
      channels: [
        { kind: 'chat', value: 'javascript:alert(1)', label: null },
        { kind: 'email', value: 'not-an-email', label: null },
        { kind: 'chat', value: 'mailto:a@b.co', label: null },
      ],
      hours: DEFAULT_HOURS.map((h, i) => (i === 0 ? { ...h, open: '18:00', close: '09:00' } : h)),
    });
    const res = await as('admin', 'PUT', '/default', bad);
    expect(res.statusCode).toBe(400);
    const codes = Object.fromEntries(
      Object.entries(res.json().field_codes).map(([k, v]) => [k, (v as { code: string }).code]),
    );
    expect(codes).toEqual({
      'channels.0.value': 'http_url',
      'channels.1.value': 'invalid',
      'channels.2.value': 'http_url',
      'hours.0.close': 'hours_order',
    });
    expect(serviceProblems(bad)).toEqual(codes);
    // the hours are the 7 weekdays in order
    const shuffled = await as('admin', 'PUT', '/default', doc({ hours: [...DEFAULT_HOURS].reverse() }));
    expect(shuffled.statusCode).toBe(400);
    expect(shuffled.json().field_codes.hours.code).toBe('invalid');
    expect((await as('admin', 'PUT', '/default', { ...doc(), extra: 1 })).statusCode).toBe(400);
  });
});

describe('what a client sees', () => {
  it("his team's configuration, else the default; a client outside the caller's scope is 404", async () => {
    const mine = (await as('admin', 'GET', `/effective/${s.id('c_sales')}`)).json();
    expect(mine).toMatchObject({
      source: 'team',
      leader_id: s.f.staffId.leader,
      channels: [],
      time_zone: 'Asia/Shanghai',
    });
    expect(WEEKDAYS).toContain(mine.local_day);
    expect(mine.local_time).toMatch(/^\d{2}:\d{2}$/);
    // the leader's own client is in his team
    expect((await as('admin', 'GET', `/effective/${s.id('c_leader')}`)).json().source).toBe('team');
    const other = (await as('admin', 'GET', `/effective/${s.id('c_sales3')}`)).json();
    expect(other).toMatchObject({ source: 'tenant', leader_id: s.f.staffId.leader2 });
    expect(other.channels).toHaveLength(3);
    expect((await as('admin', 'GET', `/effective/${s.id('c_nobody')}`)).json()).toMatchObject({
      source: 'tenant',
      leader_id: null,
    });
    expect((await as('leader', 'GET', `/effective/${s.id('c_sales3')}`)).statusCode).toBe(404);
    expect((await as('admin', 'GET', `/effective/${s.id('c_pl')}`)).statusCode).toBe(404);

    // deleting the team's own: back to the default (audited)
    const del = await as('leader', 'DELETE', `/team/${s.f.staffId.leader}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await lastAudit(s.f.t, 'service.team.delete')).toMatchObject({ username: 'leader', after: null });
    expect((await as('admin', 'GET', `/effective/${s.id('c_sales')}`)).json().source).toBe('tenant');
    expect((await as('leader', 'DELETE', `/team/${s.f.staffId.leader}`)).statusCode).toBe(404);
  });

  it('open now: read in the time zone', () => {
    const hours = DEFAULT_HOURS; // Mon-Fri 09:00-18:00
    // Monday 2026-11-23 02:00 UTC = 10:00 in Shanghai, 03:00 in Warsaw
    const at = new Date('2026-11-23T02:00:00Z');
    expect(openAt(hours, at, 'Asia/Shanghai')).toBe(true);
    expect(openAt(hours, at, 'Europe/Warsaw')).toBe(false);
    // Saturday
    expect(openAt(hours, new Date('2026-11-28T02:00:00Z'), 'Asia/Shanghai')).toBe(false);
  });
});
