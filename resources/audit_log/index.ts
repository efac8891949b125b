import type { RaRecord } from 'ra-core';
import { AUDIT_ORIGINS, AUDIT_RESULTS, auditLog, type AuditRow } from '../../domain/audit';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ChoiceLoader } from '../engine/types';
import { STAFF_LIST, type StaffRow } from '../staffChoices';
import { actionFilterOptions, actionOptions, ORIGIN_TONES, RESULT_TONES, targetTypeOptions } from './actions';

/** An audit row as the list answers it (domain/audit.ts). */
export type AuditRecord = AuditRow & RaRecord;

const resultOptions = AUDIT_RESULTS.map((r) => ({
  id: r,
  name: `resources.audit_log.result_values.${r}`,
  tone: RESULT_TONES[r],
}));

/** Who wrote a row: the API (signed), before signing, or outside the API's writer (shown in red). */
const originOptions = AUDIT_ORIGINS.map((o) => ({
  id: o,
  name: `resources.audit_log.origin_values.${o}`,
  tone: ORIGIN_TONES[o],
}));

/** Every staff member of the tenant as a choice by username (as the list's staff column shows them). */
const staffMembers: ChoiceLoader = async ({ http }) => {
  const answer = await http<{ data: StaffRow[] }>('/user/v1/list', {
    query: { full: true, sort: 'name', order: 'asc' },
  });
  return (answer?.data ?? []).map((s) => ({ id: s.id, name: s.username }));
};

/**
 * The audit log (config group; administrators only, resource `auditLog`): every row of the tenant's trail, newest
 * first, filtered by staff member, action (a group or one action), target (type and id), result, address and days;
 * export as CSV; a row opens its detail (before/after, the target's history). Each row says who wrote it: the API
 * (signed with its key), a row from before signing, or a row inserted outside the API's writer (no valid signature,
 * e.g. by the API's database role directly), which stands out. Read only.
 */
export default defineResource<AuditRecord>({
  name: auditLog.name,
  resource: auditLog.resource,
  endpoints: { list: auditLog.paths.list, export: auditLog.paths.export },
  fields: fieldsFromEntity(auditLog, {
    id: { hidden: true },
    at: { filter: false },
    target_id: { filter: false },
    // the staff-member picker below filters by id
    user_id: false,
    username: { filter: false },
    action: { type: 'option', options: actionOptions, filter: false },
    resource: { type: 'option', options: targetTypeOptions, filter: false },
    result: { options: resultOptions, filter: false },
    ip: { hidden: true, filter: false },
    detail: { hidden: true },
    origin: { options: originOptions, filter: false },
    // offered by the filter button (the id staff quote from an error message, docs/operations.md)
    request_id: { filter: false },
    db_role: false,
  }),
  filters: [
    {
      type: 'remoteOption',
      source: 'user_id',
      label: 'resources.audit_log.filters.user_id',
      load: staffMembers,
      permission: STAFF_LIST,
    },
    { type: 'option', source: 'action', options: actionFilterOptions },
    { type: 'option', source: 'resource', options: targetTypeOptions },
    { type: 'text', source: 'target_id' },
    { type: 'dateRange', source: 'at', from: 'at_from', to: 'at_to' },
    { type: 'option', source: 'result', options: resultOptions, alwaysOn: false },
    { type: 'text', source: 'ip', alwaysOn: false },
    { type: 'text', source: 'request_id', alwaysOn: false },
  ],
  sort: { field: 'at', order: 'DESC' },
  rowClick: 'drawer',
  drawer: () => import('./AuditDrawer'),
});
