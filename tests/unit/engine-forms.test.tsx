// The engine's forms: the create view with a conditional required input, cross-field rules, the API's field errors
// under their inputs, the rich-text editor, and the domain entity helper. `/things/` is a test-only resource.
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../domain/entity';
import { defineResource } from '../../resources/engine/define';
import { fieldsFromEntity } from '../../resources/engine/entityFields';
import { formOutput, formProblems } from '../../resources/engine/formRules';
import { sanitizeHtml } from '../../domain/html';
import type { ResourceConfig } from '../../resources/engine/types';
import { activeStatuses } from '../../resources/labels';
import { renderResource, toasts, until } from './engine.helpers';
import { api, apiError, installMsw, server } from './msw';

installMsw({ offApi: ['/things/'] });

const ROLES = [
  { id: 'god', name: 'God' },
  { id: 'hero', name: 'Hero' },
];

const things: ResourceConfig = {
  name: 'things',
  endpoints: {
    list: '/things/admin/v1/list',
    one: '/things/admin/v1/detail/{id}',
    create: '/things/admin/v1/create',
  },
  fields: [
    { source: 'username', create: true, required: true },
    { source: 'role', type: 'option', options: ROLES, create: true, required: true },
    // a team leader only for a hero: shown, required and sent only then
    {
      source: 'leader',
      create: true,
      showIf: (v) => v.role === 'hero',
      requiredIf: (v) => v.role === 'hero',
    },
    { source: 'start', type: 'date', create: true },
    { source: 'end', type: 'date', create: true },
    { source: 'body', type: 'richtext', create: true },
  ],
  // cross-field: the end is not before the start
  validate: (v) =>
    v.start && v.end && String(v.end) < String(v.start) ? { end: 'engine.form.rangeOrder' } : undefined,
};
defineResource(things);

/** Records the create calls and answers them with `answers` in turn (the last repeats; default a new record). */
function serveCreate(...answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(api('/things/admin/v1/create'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)];
      return answer ? answer() : HttpResponse.json({ id: 5, ...bodies[bodies.length - 1] });
    }),
    http.get(api('/things/admin/v1/detail/5'), () => HttpResponse.json({ id: 5, username: 'ann', role: 'hero' })),
    http.get(api('/things/admin/v1/list'), () => HttpResponse.json({ data: [], total: 0 })),
  );
  return bodies;
}

const field = (source: string) => within(screen.getByTestId(`form-${source}`));
const save = () => screen.getByRole('button', { name: 'Save' });

async function pickRole(user: ReturnType<typeof import('@testing-library/user-event').default.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'resources.things.fields.role' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('create view', () => {
  it('shows, requires and sends the leader only when the role is hero', async () => {
    const bodies = serveCreate();
    const { user } = await renderResource(things, { path: '/things/create' });
    const username = await screen.findByRole('textbox', { name: 'resources.things.fields.username' });
    expect(screen.queryByTestId('form-leader')).not.toBeInTheDocument();
    await user.type(username, 'ann');
    await pickRole(user, 'Hero');
    expect(await screen.findByTestId('form-leader')).toBeInTheDocument();
    await user.click(save());
    expect(await field('leader').findByText('Required')).toBeInTheDocument();
    expect(field('username').queryByText('Required')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // another role: the leader is gone, and so is its problem
    await pickRole(user, 'God');
    expect(screen.queryByTestId('form-leader')).not.toBeInTheDocument();
    await pickRole(user, 'Hero');
    await user.type(screen.getByRole('textbox', { name: 'resources.things.fields.leader' }), '  boss ');
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ username: 'ann', role: 'hero', leader: 'boss' });
  });

  it('does not send the leader of a god', async () => {
    const bodies = serveCreate();
    const { user } = await renderResource(things, { path: '/things/create' });
    await user.type(await screen.findByRole('textbox', { name: 'resources.things.fields.username' }), 'zeus');
    await pickRole(user, 'Hero');
    await user.type(await screen.findByRole('textbox', { name: 'resources.things.fields.leader' }), 'boss');
    await pickRole(user, 'God');
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ username: 'zeus', role: 'god' });
  });

  it('checks cross-field rules, and checks them again as the other field changes', async () => {
    const bodies = serveCreate();
    const { user } = await renderResource(things, { path: '/things/create' });
    await user.type(await screen.findByRole('textbox', { name: 'resources.things.fields.username' }), 'ann');
    await pickRole(user, 'God');
    await user.type(screen.getByRole('textbox', { name: 'resources.things.fields.start' }), '2026-03-05');
    await user.type(screen.getByRole('textbox', { name: 'resources.things.fields.end' }), '2026-03-01');
    await user.click(save());
    expect(await field('end').findByText('The start date cannot be after the end date')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    // moving the start (not the end) clears the end's problem
    const start = screen.getByRole('textbox', { name: 'resources.things.fields.start' });
    await user.clear(start);
    await user.type(start, '2026-02-27');
    await until(() =>
      expect(field('end').queryByText('The start date cannot be after the end date')).not.toBeInTheDocument(),
    );
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ start: '2026-02-27', end: '2026-03-01' });
  });

  it("shows the API's field errors under their inputs and keeps what was typed", async () => {
    const bodies = serveCreate(
      () =>
        HttpResponse.json(apiError('validation', 'Invalid', { username: 'This username is taken' }), { status: 400 }),
      () => HttpResponse.json({ id: 5, username: 'ann2', role: 'god' }),
    );
    const { user } = await renderResource(things, { path: '/things/create' });
    const username = await screen.findByRole('textbox', { name: 'resources.things.fields.username' });
    await user.type(username, 'ann');
    await pickRole(user, 'God');
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(1));
    expect(await field('username').findByText('This username is taken')).toBeInTheDocument();
    expect(username).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'resources.things.fields.role' })).toHaveTextContent('God');
    // the error stands until the value changes
    await user.type(screen.getByRole('textbox', { name: 'resources.things.fields.start' }), '2026-03-05');
    expect(field('username').getByText('This username is taken')).toBeInTheDocument();
    await user.type(username, '2');
    await until(() => expect(field('username').queryByText('This username is taken')).not.toBeInTheDocument());
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ username: 'ann2', role: 'god' });
  });
});

describe("the API's field codes", () => {
  it("show in the user's language on a generated create form, not as the API's text", async () => {
    const bodies = serveCreate(() =>
      HttpResponse.json(
        {
          ...apiError('validation', 'Username must NOT have more than 3 characters', {
            username: 'Username must NOT have more than 3 characters',
          }),
          field_codes: { username: { code: 'too_long', limit: 3 } },
        },
        { status: 400 },
      ),
    );
    const { user } = await renderResource(things, { path: '/things/create' });
    await user.type(await screen.findByRole('textbox', { name: 'resources.things.fields.username' }), 'anna');
    await pickRole(user, 'God');
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(1));
    expect(await field('username').findByText('At most 3 characters')).toBeInTheDocument();
    expect(screen.queryByText('Username must NOT have more than 3 characters')).not.toBeInTheDocument();
  });
});

describe('rich text', () => {
  it('formats the selection with the toolbar and sends the HTML', async () => {
    const bodies = serveCreate();
    const { user } = await renderResource(things, { path: '/things/create' });
    await user.type(await screen.findByRole('textbox', { name: 'resources.things.fields.username' }), 'ann');
    await pickRole(user, 'God');
    const editor = screen.getByTestId('input-body');
    await user.click(editor);
    await user.keyboard('Hello world');
    // select the whole text and make it bold, then a list
    document.getSelection()!.selectAllChildren(editor);
    fireEvent.keyUp(editor);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(editor.innerHTML).toBe('<b>Hello world</b>');
    document.getSelection()!.selectAllChildren(editor);
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(editor.innerHTML).toBe('<ul><li><b>Hello world</b></li></ul>');
    await user.click(save());
    await until(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].body).toBe('<ul><li><b>Hello world</b></li></ul>');
  });

  it('shows stored HTML without scripts, handlers or script links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">a</a>' +
        '<a href="https://example.com">b</a><img src=x onerror="alert(1)"></p>',
    );
    expect(html).toBe(
      '<p>Hi <b>there</b><a>a</a><a href="https://example.com" rel="noopener noreferrer nofollow">b</a></p>',
    );
  });
});

describe('form rules', () => {
  const inputs = [
    { source: 'amount', type: 'money' as const, required: true },
    { source: 'count', type: 'number' as const, integer: true },
    { source: 'note', maxLength: 3 },
    { source: 'period', type: 'dateRange' as const },
  ];

  it('check money, whole numbers, lengths and date ranges', () => {
    const problems = formProblems(inputs, {
      amount: '1.234',
      count: '1.5',
      note: 'abcd',
      period_from: '2026-03-02',
      period_to: '2026-03-01',
    });
    expect(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, p.key]))).toEqual({
      amount: 'engine.action.invalidAmount',
      count: 'engine.form.invalidInteger',
      note: 'engine.form.tooLong',
      period: 'engine.form.rangeOrder',
    });
    expect(formProblems(inputs, { amount: '0.01', count: '12' })).toEqual({});
  });

  it('send trimmed values, whole numbers as numbers, and empties as the view wants', () => {
    const values = { amount: ' 5.00 ', count: '12', note: '  ', period_from: '2026-03-01', period_to: '' };
    expect(formOutput(inputs, values, 'omit')).toEqual({ amount: '5.00', count: 12, period_from: '2026-03-01' });
    expect(formOutput(inputs, values, 'null')).toEqual({
      amount: '5.00',
      count: 12,
      note: null,
      period_from: '2026-03-01',
      period_to: null,
    });
  });
});

describe('fieldsFromEntity', () => {
  const entity = defineEntity({
    name: 'gizmo',
    resource: 'gizmo',
    paths: { list: '/gizmo/list' },
    fields: [
      { name: 'id', kind: 'id', list: true, sort: true },
      { name: 'status', kind: 'enum', values: ['new', 'done'], list: true, filter: 'in' },
      { name: 'active', kind: 'boolean', list: true },
      { name: 'created_at', kind: 'datetime', list: true, filter: 'range', sort: true },
      { name: 'notes', kind: 'richtext', detail: true },
      { name: 'secret', kind: 'text' },
    ],
  });

  it("turns a domain definition into the engine's fields, with overrides", () => {
    const fields = fieldsFromEntity(entity, {
      active: { options: activeStatuses, type: 'option', edit: true },
      notes: { edit: true },
      secret: false,
    });
    expect(fields.map((f) => f.source)).toEqual(['id', 'status', 'active', 'created_at', 'notes']);
    const [id, status, active, createdAt, notes] = fields;
    expect(id).toMatchObject({ type: 'number', integer: true, list: true, sortable: true, filter: false });
    expect(status).toMatchObject({ type: 'option', filter: true, sortable: false });
    expect(status.options).toEqual([
      { id: 'new', name: 'resources.gizmo.status_values.new' },
      { id: 'done', name: 'resources.gizmo.status_values.done' },
    ]);
    expect(active).toMatchObject({ type: 'option', options: activeStatuses, edit: true });
    expect(createdAt).toMatchObject({
      type: 'datetime',
      filter: true,
      range: { from: 'created_at_from', to: 'created_at_to' },
    });
    expect(notes).toMatchObject({ type: 'richtext', list: false, edit: true });
  });
});

it('marks every empty required input and sends nothing', async () => {
  const bodies = serveCreate();
  const { user } = await renderResource(things, { path: '/things/create' });
  await screen.findByRole('textbox', { name: 'resources.things.fields.username' });
  await user.click(save());
  expect(await field('username').findByText('Required')).toBeInTheDocument();
  expect(field('role').getByText('Required')).toBeInTheDocument();
  expect(bodies).toHaveLength(0);
  await until(() => expect(toasts().some((t) => /not valid/i.test(t))).toBe(true));
});
