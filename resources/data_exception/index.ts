import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { RaRecord } from 'ra-core';
import {
  DATA_EXCEPTION_LIMITS,
  dataException,
  unresolved,
  type Assignee,
  type DataExceptionRow,
} from '../../domain/data-exception';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import type { ChoiceLoader, ResourceConfig } from '../engine/types';
import type { OptionSet, OptionTone } from '../labels';

/** A finding as the list answers it (domain/data-exception.ts). */
export type DataExceptionRecord = DataExceptionRow & RaRecord;

const field = (name: string) => dataException.fields.find((f) => f.name === name)!;
const toned = (name: string, tones: Record<string, OptionTone>): OptionSet =>
  enumOptions(dataException, field(name)).map((o) => ({ ...o, tone: tones[String(o.id)] }));

/** Severity, status and check chips, coloured. */
export const severityOptions = toned('severity', { critical: 'error', warning: 'warning' });
export const statusOptions = toned('status', { open: 'warning', assigned: 'info', resolved: 'success' });
export const checkOptions = toned('check', {});
export const subjectOptions = enumOptions(dataException, field('subject_type'));

/** The staff a finding can be given to (GET assignees): "name (username)". */
export const assigneeChoices: ChoiceLoader = async ({ http }) => {
  const answer = await http<{ data: Assignee[] }>(dataException.paths.assignees);
  return (answer?.data ?? []).map((a) => ({ id: a.id, name: `${a.name} (${a.username})` }));
};

const notBlank = (v: unknown) => (typeof v === 'string' && v.trim() ? undefined : 'ra.validation.required');

/**
 * Data exceptions (spec section 2 "data exception"; administrators): the findings of the checks with filters (check,
 * status, severity, assignee, first seen), a row opens the finding's drawer (what the check saw, the subject with
 * links to the client and the record); assign and resolve (a note required) from the row or the drawer. Above the
 * list, the panel that runs the checks now and shows the run's progress and counts, and the pending threshold
 * (DataExceptionList).
 */
export const dataExceptionConfig: ResourceConfig<DataExceptionRecord> = {
  name: dataException.name,
  resource: dataException.resource,
  endpoints: { list: dataException.paths.list, export: dataException.paths.export },
  fields: fieldsFromEntity(dataException, {
    id: { type: 'number' },
    check: { options: checkOptions },
    rule: false,
    severity: { options: severityOptions },
    subject_type: { options: subjectOptions, filter: false },
    subject_id: { type: 'identifier' },
    client_id: false,
    status: { options: statusOptions },
    assignee_id: false,
    absent_since: { hidden: true },
    resolution_note: { list: false },
    resolved_by: false,
    resolved_by_name: { list: false },
    resolved_at: { list: false },
  }),
  filters: [{ type: 'remoteOption', source: 'assignee_id', load: assigneeChoices }],
  sort: { field: 'id', order: 'DESC' },
  rowClick: 'drawer',
  drawer: () => import('./DataExceptionDrawer'),
  views: { list: () => import('./DataExceptionList') },
  rowActions: [
    {
      name: 'assign',
      icon: AssignmentIndIcon,
      permission: { action: 'assign' },
      when: (r) => unresolved(r.status),
      inputs: [{ source: 'assignee_id', type: 'remoteOption', required: true, load: assigneeChoices }],
      run: {
        method: 'PUT',
        path: dataException.paths.assign,
        body: (_r, v) => ({ assignee_id: Number(v.assignee_id) }),
      },
      success: 'resources.data_exception.done.assign',
    },
    {
      name: 'resolve',
      icon: TaskAltIcon,
      permission: { action: 'update' },
      when: (r) => unresolved(r.status),
      inputs: [
        {
          source: 'note',
          type: 'textarea',
          required: true,
          maxLength: DATA_EXCEPTION_LIMITS.note,
          validate: notBlank,
          helperText: 'resources.data_exception.hints.note',
        },
      ],
      run: {
        method: 'PUT',
        path: dataException.paths.resolve,
        body: (_r, v) => ({ note: String(v.note ?? '').trim() }),
      },
      success: 'resources.data_exception.done.resolve',
    },
  ],
};

export default defineResource<DataExceptionRecord>(dataExceptionConfig);
