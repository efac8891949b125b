import DeleteIcon from '@mui/icons-material/Delete';
import EditNoteIcon from '@mui/icons-material/EditNote';
import type { RaRecord } from 'ra-core';
import { parseCidr } from '../../domain/cidr';
import { IP_ACCESS_MAX, ipAccess, type IpAccessRow } from '../../domain/ip-access';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ResourceConfig } from '../engine/types';

/** An allow-list entry as the list answers it (domain/ip-access.ts). */
export type IpAccessRecord = IpAccessRow & RaRecord;

/** The range rules of the API (domain/cidr.ts), checked before sending: the field's problem as an i18n key. */
export function cidrProblem(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined; // `required` says it
  const parsed = parseCidr(text);
  if (parsed.ok) return undefined;
  return parsed.problem === 'host_bits' ? 'errors.field.cidr_host_bits' : 'errors.field.cidr_invalid';
}

/**
 * IP allow-list (spec section 2 "ip_access", config group; administrators only): the entries (address or range,
 * note, who added it and when), a create form (range, note), edit note and delete (confirmed) row actions; above
 * the list, the switch that turns the list on or off with the caller's own address (IpAccessList). Adding, deleting
 * and the switch are changes for a second administrator (202: the page says they await review, ActionButton and
 * IpAccessCreate); a note changes at once.
 */
export const ipAccessConfig: ResourceConfig<IpAccessRecord> = {
  name: ipAccess.name,
  resource: ipAccess.resource,
  endpoints: {
    list: ipAccess.paths.list,
    export: ipAccess.paths.export,
    create: ipAccess.paths.create,
  },
  fields: fieldsFromEntity(ipAccess, {
    id: { hidden: true },
    cidr: {
      create: true,
      required: true,
      maxLength: IP_ACCESS_MAX.cidr,
      validate: cidrProblem,
      helperText: 'resources.ip_access.hints.cidr',
    },
    note: { create: true, maxLength: IP_ACCESS_MAX.note },
    created_by: false,
  }),
  sort: { field: 'id', order: 'DESC' },
  rowClick: false,
  // adding opens a change for a second administrator (202): its own create page says so
  views: { list: () => import('./IpAccessList'), create: () => import('./IpAccessCreate') },
  rowActions: [
    {
      name: 'note',
      icon: EditNoteIcon,
      permission: { action: 'update' },
      inputs: [{ source: 'note', type: 'text', maxLength: IP_ACCESS_MAX.note }],
      run: {
        method: 'PUT',
        path: ipAccess.paths.update,
        body: (_r, v) => ({ note: typeof v.note === 'string' && v.note.trim() ? v.note.trim() : null }),
      },
    },
    {
      name: 'delete',
      icon: DeleteIcon,
      permission: { action: 'delete' },
      run: { method: 'DELETE', path: ipAccess.paths.delete },
    },
  ],
};

export default defineResource<IpAccessRecord>(ipAccessConfig);
