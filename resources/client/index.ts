import { createElement } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import KeyIcon from '@mui/icons-material/Key';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { RaRecord } from 'ra-core';
import { wirePassword } from '../../authProvider/password';
import { client, type ClientRow } from '../../domain/client';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import { agentChoices, agentFilterChoices, leaderFilterChoices, STAFF_LIST } from '../staffChoices';
import { ClientSearch } from './ClientSearch';
import type { DrawerProps } from '../engine/types';
import type { OptionSet, OptionTone } from '../labels';

/** A client row of `GET /client/admin/v1/list` (spec section 3, domain/client.ts). */
export type ClientRecord = ClientRow & RaRecord;

/** Chip colours of the labelled values. */
const TONES: Record<string, Record<string, OptionTone>> = {
  fake: { false: 'success', true: 'warning' },
  active: { true: 'success', false: 'error' },
  kyc_status: { approved: 'success', pending: 'warning', rejected: 'error' },
};

/**
 * The options of a labelled field of the definition (an enum, or a boolean shown as words such as Real / Robot):
 * `resources.client.<field>_values.<value>`, coloured.
 */
function optionsOf(name: string): OptionSet {
  const field = client.fields.find((f) => f.name === name)!;
  const values = 'valueLabels' in field ? Object.keys(field.valueLabels) : [];
  return values.map((value) => ({
    id: field.kind === 'boolean' ? value === 'true' : value,
    name: `resources.client.${name}_values.${value}`,
    tone: TONES[name]?.[value],
  }));
}

/** The code in the answer of `GET /client/admin/v1/code/{id}` (`{ code }`, a data envelope, or the bare value). */
function codeOf(answer: unknown): string | undefined {
  const v =
    answer && typeof answer === 'object'
      ? ((answer as Record<string, unknown>).code ?? (answer as Record<string, unknown>).data)
      : answer;
  if (v && typeof v === 'object') return codeOf(v);
  return v === undefined || v === null || v === '' ? undefined : String(v);
}

/**
 * Clients: the list with its filters, robot creation, and the row actions of spec section 7 (enable/disable,
 * change agent, real/robot, temporary code, password reset, force offline); a row click opens the client drawer.
 * Filter parameters are those of the API: agent_id, leader_id (a team), created_from/created_to.
 */
export default defineResource<ClientRecord>({
  name: 'client',
  endpoints: { list: client.paths.list, export: client.paths.export },
  fields: fieldsFromEntity(client, {
    avatar: { hidden: true },
    fake: { type: 'option', options: optionsOf('fake') },
    active: { type: 'option', options: optionsOf('active') },
    kyc_status: { options: optionsOf('kyc_status') },
    score: { hidden: true },
    mfa: { hidden: true },
    // filtered by the staff pickers below
    agent_id: false,
    leader_id: false,
  }),
  filters: [
    // Pickers of the tenant's staff (GET /user/v1/list needs users:read; a salesman sees only his own clients).
    { type: 'remoteOption', source: 'agent_id', load: agentFilterChoices, permission: STAFF_LIST },
    { type: 'remoteOption', source: 'leader_id', load: leaderFilterChoices, permission: STAFF_LIST },
    { type: 'dateRange', source: 'create_datetime', from: 'created_from', to: 'created_to' },
  ],
  sort: { field: 'id', order: 'DESC' },
  finder: ClientSearch,
  drawer: () =>
    import('./ClientDrawer').then(({ default: ClientDrawer }) => ({
      default: ({ id, onClose }: DrawerProps<ClientRecord>) => createElement(ClientDrawer, { clientId: id, onClose }),
    })),
  listActions: [
    {
      name: 'create_robot',
      icon: PersonAddIcon,
      permission: { action: 'robot' },
      confirm: false,
      inputs: [
        { source: 'username', type: 'text', required: true },
        { source: 'password', type: 'password', required: true },
        { source: 'full_name', type: 'text' },
      ],
      run: {
        method: 'POST',
        path: client.paths.create,
        body: (_r, v) => ({
          username: v.username,
          password: wirePassword(String(v.password)),
          full_name: v.full_name || undefined,
        }),
      },
    },
  ],
  rowActions: [
    {
      name: 'disable',
      icon: BlockIcon,
      permission: { action: 'update' },
      when: (r) => r.active !== false,
      run: { method: 'POST', path: client.paths.status, body: () => ({ active: false }) },
    },
    {
      name: 'enable',
      icon: CheckCircleIcon,
      permission: { action: 'update' },
      when: (r) => r.active === false,
      run: { method: 'POST', path: client.paths.status, body: () => ({ active: true }) },
    },
    {
      name: 'change_agent',
      icon: SwapHorizIcon,
      permission: { action: 'assign' },
      confirm: false,
      inputs: [{ source: 'user_id', type: 'remoteOption', required: true, load: agentChoices }],
      run: { method: 'POST', path: client.paths.changeAgent, body: (_r, v) => ({ user_id: Number(v.user_id) }) },
    },
    {
      name: 'toggle_fake',
      icon: SmartToyIcon,
      permission: { action: 'robot' },
      run: { method: 'PUT', path: client.paths.fake, body: (r) => ({ fake: !r.fake }) },
    },
    {
      name: 'temp_code',
      icon: KeyIcon,
      permission: { action: 'reset' },
      confirm: false,
      success: 'resources.client.messages.code_generated',
      result: codeOf,
      refresh: false,
      run: { method: 'GET', path: client.paths.code },
    },
    {
      name: 'reset_password',
      icon: LockResetIcon,
      permission: { action: 'reset' },
      confirm: false,
      inputs: [{ source: 'password', type: 'password', required: true }],
      success: 'resources.client.messages.password_updated',
      refresh: false,
      run: {
        method: 'PUT',
        path: client.paths.resetPassword,
        body: (_r, v) => ({ password: wirePassword(String(v.password)) }),
      },
    },
    {
      name: 'offline',
      icon: LogoutIcon,
      permission: { action: 'update' },
      refresh: false,
      run: { method: 'PUT', path: client.paths.offline },
    },
  ],
});
