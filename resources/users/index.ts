import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import QrCodeIcon from '@mui/icons-material/QrCode';
import type { RaRecord } from 'ra-core';
import { passwordProblem, SALESMAN_ROLE, users, USERNAME_MAX, type UserRow } from '../../domain/user';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import type { FormValues, ResourceConfig } from '../engine/types';
import { activeStatuses } from '../labels';
import { leaderFilterChoices, STAFF_LIST } from '../staffChoices';
import { isSelf, leaderChoices, mayManage } from './api';
import { mfaOptions, roleOptions } from './options';

/** A row of `GET /user/v1/list` (domain/user.ts). */
export type UserRecord = UserRow & RaRecord;

const USERNAME = new RegExp(`^[A-Za-z0-9_.@-]{3,${USERNAME_MAX}}$`);
const isSalesman = (v: FormValues) => v.role === SALESMAN_ROLE;

/**
 * System users (spec section 2 "users": add, edit, update invitation code): the list of the `users` entity with its
 * role, team leader, status and authenticator columns and filters; create and edit pages (resources/users/UserForm:
 * the role select limited to GET /user/v1/role, the team leader shown and required only for a salesman, the password
 * MD5-hashed in the browser); row actions enable/disable, new invitation code, close authenticator, delete.
 * Own-account actions are not offered, nor actions on staff the caller does not manage (a role not below his own,
 * domain/user.ts manages; administrators manage administrators); the API refuses them too.
 */
const config: ResourceConfig<UserRecord> = {
  name: users.name,
  resource: users.resource,
  endpoints: {
    list: users.paths.list,
    create: users.paths.create,
    update: users.paths.update,
    delete: users.paths.delete,
    export: false,
  },
  fields: [
    ...fieldsFromEntity(users, {
      username: {
        create: true,
        required: true,
        maxLength: USERNAME_MAX,
        helperText: 'resources.users.hints.username',
        validate: (v) => (USERNAME.test(String(v ?? '')) ? undefined : 'resources.users.messages.username_invalid'),
      },
      name: { create: true, edit: true, required: true, maxLength: 64 },
      role: { options: roleOptions, create: true, edit: true, required: true, input: 'option' },
      // The list shows leader_name; the forms pick leader_id among the active team leaders.
      leader_id: {
        list: false,
        show: false,
        filter: false,
        create: true,
        edit: true,
        input: 'remoteOption',
        load: leaderChoices,
        showIf: isSalesman,
        requiredIf: isSalesman,
        helperText: 'resources.users.hints.leader_id',
      },
      active: { type: 'option', options: activeStatuses },
      mfa: { type: 'option', options: mfaOptions },
    }),
    {
      source: 'password',
      list: false,
      show: false,
      create: true,
      edit: true,
      input: 'password',
      // The spec's rule (domain/user.ts passwordProblem), counted after trimming; empty on edit keeps the password.
      validate: (v) => (v && passwordProblem(String(v)) ? 'resources.users.messages.password_short' : undefined),
    },
  ],
  filters: [{ type: 'remoteOption', source: 'leader_id', load: leaderFilterChoices, permission: STAFF_LIST }],
  sort: { field: users.sort.field, order: 'ASC' },
  rowClick: 'edit',
  views: {
    create: () => import('./UserCreate'),
    edit: () => import('./UserEdit'),
  },
  rowActions: [
    {
      name: 'disable',
      icon: BlockIcon,
      permission: { action: 'update' },
      when: (r) => r.active && !isSelf(r) && mayManage(r),
      run: { method: 'PUT', path: users.paths.status, body: () => ({ active: false }) },
    },
    {
      name: 'enable',
      icon: CheckCircleIcon,
      permission: { action: 'update' },
      when: (r) => !r.active && !isSelf(r) && mayManage(r),
      run: { method: 'PUT', path: users.paths.status, body: () => ({ active: true }) },
    },
    {
      name: 'invitation_code',
      icon: QrCodeIcon,
      permission: { action: 'update' },
      when: (r) => isSelf(r) || mayManage(r),
      run: { method: 'PUT', path: users.paths.code },
      success: 'resources.users.messages.code_updated',
      result: (answer) => (answer as { invitation_code?: string } | undefined)?.invitation_code,
    },
    {
      name: 'close_mfa',
      icon: PhonelinkEraseIcon,
      permission: { action: 'update' },
      when: (r) => r.mfa && !isSelf(r) && mayManage(r),
      run: { method: 'PUT', path: users.paths.mfaClose },
    },
    {
      name: 'delete',
      icon: DeleteIcon,
      permission: { action: 'delete' },
      when: (r) => !isSelf(r) && mayManage(r),
      run: { method: 'DELETE', path: users.paths.delete },
    },
  ],
};

export const usersConfig = config;

export default defineResource<UserRecord>(config);
