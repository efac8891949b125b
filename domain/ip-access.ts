/**
 * IP allow-list (spec section 2 "ip_access", config group; only administrators have the `ipAccess` grant): per
 * tenant, a switch and a list of ranges (IPv4 and IPv6 CIDR) with a note. When the switch is on, the API answers
 * staff requests (and sign-in) from other addresses with 403 `ip_not_allowed`. Paths are ours (spec section 7 does
 * not show them). Address rules: domain/cidr.ts.
 *
 * Adding or deleting an entry and turning the list on or off are changes of the controls (approval kind `ip_access`,
 * domain/approval.ts): the request answers 202 and a second administrator applies it in the approvals queue. A note
 * changes at once (it lets no address in or out).
 */
import { defineEntity, type Row } from './entity';

/** Longest accepted values. */
export const IP_ACCESS_MAX = {
  /** The longest range text: a full IPv6 address with a dotted tail and `/128`. */
  cidr: 64,
  note: 200,
} as const;

export const ipAccess = defineEntity({
  name: 'ip_access',
  resource: 'ipAccess',
  parents: ['config'],
  paths: {
    list: '/ip_access/admin/v1/list',
    export: '/ip_access/admin/v1/list/export',
    create: '/ip_access/admin/v1/create',
    update: '/ip_access/admin/v1/{id}',
    delete: '/ip_access/admin/v1/{id}',
    status: '/ip_access/admin/v1/status',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'cidr',
      kind: 'text',
      maxLength: IP_ACCESS_MAX.cidr,
      list: true,
      filter: 'prefix',
      label: { 'zh-CN': 'IP 地址或网段', 'en-US': 'Address or range' },
    },
    {
      name: 'note',
      kind: 'text',
      nullable: true,
      maxLength: IP_ACCESS_MAX.note,
      list: true,
      label: { 'zh-CN': '备注', 'en-US': 'Note' },
    },
    {
      name: 'created_by',
      kind: 'id',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '添加人编号', 'en-US': 'Added by (ID)' },
    },
    {
      name: 'created_by_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '添加人', 'en-US': 'Added by' },
    },
    {
      name: 'created_at',
      kind: 'datetime',
      list: true,
      label: { 'zh-CN': '添加时间', 'en-US': 'Added' },
    },
  ],
});

/** An allow-list entry as the list and the writes answer it. */
export type IpAccessRow = Row<typeof ipAccess>;

/** The allow-list's switch and the caller's own address (GET and PUT status). */
export interface IpAccessStatus {
  enabled: boolean;
  /** The caller's address as the API sees it (canonical text; IPv4-mapped IPv6 as IPv4). */
  your_ip: string;
  /** Whether the list holds the caller's address. */
  your_ip_allowed: boolean;
  /** How many entries the list has. */
  entries: number;
  /** How many changes of the list await a second administrator in the approvals queue. */
  pending_changes: number;
}

/** What a change of the list does (the `op` of its ControlChange). */
export const IP_ACCESS_OPS = ['create', 'delete', 'enable', 'disable'] as const;
export type IpAccessOp = (typeof IP_ACCESS_OPS)[number];

/**
 * What the applier of a change of the list needs (ControlChange `apply`, not shown in the queue): the entry (its id
 * to delete, its range and note to add) and the maker's address as the API saw it when he asked (kept: the change
 * may not lock him out when it is applied either).
 */
export interface IpAccessApply {
  op: IpAccessOp;
  id?: number;
  cidr?: string;
  note?: string | null;
  maker_ip: string;
}

/** The body of create: the range and an optional note. */
export interface IpAccessCreate {
  cidr: string;
  note?: string | null;
}
