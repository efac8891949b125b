/**
 * Clients (spec sections 3 and 7 "Clients"): the `client` entity both sides import. Its fields are the list row of
 * `GET /client/admin/v1/list` as the API answers it (the detail adds the accounts); the console's client page and
 * the API's list, row schema and CSV export derive from it.
 */
import { defineEntity, type ListQuery, type Row } from './entity';
import { KYC_STATUSES } from './kyc';

/**
 * The values of the list's `fake` parameter: real or robot (the console's own `true` / `false` are accepted too).
 * The row's `fake` is a boolean, shown as Real / Robot.
 */
export const CLIENT_TYPE_FILTER = ['real', 'robot', 'true', 'false'] as const;
export type ClientTypeFilter = (typeof CLIENT_TYPE_FILTER)[number];

/** Whether a `fake` parameter asks for robots (undefined: no filter). */
export const isRobotFilter = (fake: ClientTypeFilter | undefined): boolean | undefined =>
  fake === undefined ? undefined : fake === 'robot' || fake === 'true';

export const client = defineEntity({
  name: 'client',
  resource: 'client',
  paths: {
    list: '/client/admin/v1/list',
    export: '/client/admin/v1/list/export',
    one: '/client/admin/v1/detail/{id}',
    create: '/client/admin/v1/create',
    status: '/client/admin/v1/status/{id}',
    trade: '/client/admin/v1/trade/{id}',
    code: '/client/admin/v1/code/{id}',
    resetPassword: '/client/admin/v1/resetpwd/{id}',
    changeAgent: '/user/v1/change_agent/{id}',
    fake: '/client/admin/v1/fake/{id}',
    username: '/client/admin/v1/username',
    chain: '/user/admin/v1/tfl/{id}',
    holdings: '/client/admin/v1/order/holding/{id}',
    offline: '/client/admin/v1/offline/{id}',
    accounts: '/acc/admin/v1/list/{id}',
  },
  sort: { field: 'create_datetime', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': 'ID', 'en-US': 'ID' } },
    {
      name: 'avatar',
      kind: 'image',
      nullable: true,
      list: true,
      export: false,
      label: { 'zh-CN': '头像', 'en-US': 'Avatar' },
    },
    {
      name: 'username',
      kind: 'text',
      list: true,
      filter: 'prefix',
      sort: true,
      label: { 'zh-CN': '用户名', 'en-US': 'Username' },
    },
    { name: 'full_name', kind: 'text', nullable: true, list: true, label: { 'zh-CN': '姓名', 'en-US': 'Full name' } },
    {
      name: 'mobile',
      kind: 'text',
      nullable: true,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '手机号', 'en-US': 'Mobile' },
    },
    {
      // A robot (demo) client; the list's `fake` parameter takes real/robot (CLIENT_TYPE_FILTER).
      name: 'fake',
      kind: 'boolean',
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '类型', 'en-US': 'Type' },
      valueLabels: {
        false: { 'zh-CN': '真实', 'en-US': 'Real' },
        true: { 'zh-CN': '机器人', 'en-US': 'Robot' },
      },
    },
    {
      name: 'active',
      kind: 'boolean',
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      valueLabels: {
        true: { 'zh-CN': '启用', 'en-US': 'Enabled' },
        false: { 'zh-CN': '禁用', 'en-US': 'Disabled' },
      },
    },
    {
      name: 'kyc_status',
      kind: 'enum',
      values: KYC_STATUSES,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '实名状态', 'en-US': 'KYC status' },
      valueLabels: {
        approved: { 'zh-CN': '已认证', 'en-US': 'Approved' },
        pending: { 'zh-CN': '待审核', 'en-US': 'Pending' },
        rejected: { 'zh-CN': '已拒绝', 'en-US': 'Rejected' },
        unverified: { 'zh-CN': '未认证', 'en-US': 'Unverified' },
      },
    },
    { name: 'vip', kind: 'integer', list: true, filter: 'eq', label: { 'zh-CN': 'VIP 等级', 'en-US': 'VIP level' } },
    { name: 'score', kind: 'integer', list: true, label: { 'zh-CN': '信用分', 'en-US': 'Credit score' } },
    {
      name: 'agent_id',
      kind: 'id',
      nullable: true,
      filter: 'eq',
      label: { 'zh-CN': '业务员', 'en-US': 'Agent' },
    },
    { name: 'agent_name', kind: 'text', nullable: true, list: true, label: { 'zh-CN': '业务员', 'en-US': 'Agent' } },
    {
      // The team: the leader's own clients and his salesmen's.
      name: 'leader_id',
      kind: 'id',
      nullable: true,
      filter: 'eq',
      label: { 'zh-CN': '组长（团队）', 'en-US': 'Team (leader)' },
    },
    {
      name: 'superman',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '组长', 'en-US': 'Team leader' },
    },
    {
      name: 'mfa',
      kind: 'boolean',
      list: true,
      export: false,
      label: { 'zh-CN': '身份验证器', 'en-US': 'Authenticator' },
    },
    {
      // Filtered by `created_from` / `created_to` (the list's own parameters, server/modules/client/list.ts).
      name: 'create_datetime',
      kind: 'datetime',
      list: true,
      sort: true,
      label: { 'zh-CN': '注册时间', 'en-US': 'Registered at' },
    },
  ],
});

/** A client as the list answers it (the detail adds `accounts`). */
export type ClientRow = Row<typeof client>;

/** The querystring of the client list: the definition's filters and the list's own parameters. */
export type ClientListQuery = Omit<ListQuery<typeof client>, 'fake'> & {
  fake?: ClientTypeFilter;
  created_from?: string;
  created_to?: string;
  /** The pickers' search: username or full name (ignoring case) or mobile starts with it, literally. */
  q?: string;
};

/** The longest search text of the client list's `q` (the pickers send no more; the API refuses more with 400). */
export const CLIENT_SEARCH_MAX = 64;
