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
import { defineResource } from '../engine/define';
import { agentChoices, agentFilterChoices, leaderFilterChoices, STAFF_LIST } from '../staffChoices';
import { ClientSearch } from './ClientSearch';
import type { DrawerProps } from '../engine/types';
import { activeStatuses, clientTypes, kycStatuses } from '../labels';

/** A client row of `GET /client/admin/v1/list` (spec section 3). */
export interface ClientRecord extends RaRecord {
  username: string;
  full_name?: string | null;
  mobile?: string | null;
  avatar?: string | null;
  fake: boolean;
  active: boolean;
  score?: number | string | null;
  vip?: number | string | null;
  agent_id?: number | null;
  agent_name?: string | null;
  superman?: string | null;
  kyc_status?: string | null;
  mfa?: boolean | null;
  create_datetime: string;
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
  endpoints: { list: '/client/admin/v1/list' },
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'avatar', type: 'image', hidden: true },
    { source: 'username', filter: true, sortable: true },
    { source: 'full_name' },
    { source: 'mobile', filter: true },
    { source: 'fake', type: 'option', options: clientTypes, filter: true },
    { source: 'active', type: 'option', options: activeStatuses, filter: true },
    { source: 'kyc_status', type: 'option', options: kycStatuses, filter: true },
    { source: 'vip', type: 'number', filter: true },
    { source: 'score', type: 'number', hidden: true },
    { source: 'agent_name' },
    { source: 'superman' },
    { source: 'mfa', type: 'boolean', hidden: true },
    { source: 'create_datetime', type: 'datetime' },
  ],
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
        path: '/client/admin/v1/create',
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
      run: { method: 'POST', path: '/client/admin/v1/status/{id}', body: () => ({ active: false }) },
    },
    {
      name: 'enable',
      icon: CheckCircleIcon,
      permission: { action: 'update' },
      when: (r) => r.active === false,
      run: { method: 'POST', path: '/client/admin/v1/status/{id}', body: () => ({ active: true }) },
    },
    {
      name: 'change_agent',
      icon: SwapHorizIcon,
      permission: { action: 'assign' },
      confirm: false,
      inputs: [{ source: 'user_id', type: 'remoteOption', required: true, load: agentChoices }],
      run: { method: 'POST', path: '/user/v1/change_agent/{id}', body: (_r, v) => ({ user_id: Number(v.user_id) }) },
    },
    {
      name: 'toggle_fake',
      icon: SmartToyIcon,
      permission: { action: 'robot' },
      run: { method: 'PUT', path: '/client/admin/v1/fake/{id}', body: (r) => ({ fake: !r.fake }) },
    },
    {
      name: 'temp_code',
      icon: KeyIcon,
      permission: { action: 'reset' },
      confirm: false,
      success: 'resources.client.messages.code_generated',
      result: codeOf,
      refresh: false,
      run: { method: 'GET', path: '/client/admin/v1/code/{id}' },
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
        path: '/client/admin/v1/resetpwd/{id}',
        body: (_r, v) => ({ password: wirePassword(String(v.password)) }),
      },
    },
    {
      name: 'offline',
      icon: LogoutIcon,
      permission: { action: 'update' },
      refresh: false,
      run: { method: 'PUT', path: '/client/admin/v1/offline/{id}' },
    },
  ],
});
