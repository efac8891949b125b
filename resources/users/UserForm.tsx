import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQueryClient } from '@tanstack/react-query';
import md5 from 'md5';
import { useNotify, useRedirect, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { pathOf } from '../../domain/entity';
import { SALESMAN_ROLE, users, type UserRow } from '../../domain/user';
import { errorText, fieldErrorTexts } from '../../dataProvider/errorText';
import { useNotifyFailure } from '../../dataProvider/useNotifyFailure';
import { useEngineServices } from '../engine/context';
import { EngineForm, type FieldErrorTexts } from '../engine/EngineForm';
import { FormToolbar } from '../engine/FormToolbar';
import { createFields, editFields, inputOf } from '../engine/schema';
import type { FormValues, InputSpec, ResourceConfig } from '../engine/types';
import { assignableRoles, ownId } from './api';
import { roleOptions } from './options';

/** The roles the form offers: those GET /user/v1/role answers (and the user's current one), undefined while loading. */
function useRoleChoices(current?: string) {
  const { http } = useEngineServices();
  const notifyFailure = useNotifyFailure();
  const [roles, setRoles] = useState<string[]>();
  useEffect(() => {
    let live = true;
    assignableRoles(http)
      .then((r) => live && setRoles(r))
      .catch((e: unknown) => {
        if (!live) return;
        setRoles([]);
        notifyFailure(e, 'resources.users.messages.roles_failed');
      });
    return () => {
      live = false;
    };
  }, [http, notifyFailure]);
  if (!roles) return undefined;
  return roleOptions.filter((o) => roles.includes(String(o.id)) || o.id === current);
}

/** What the form sends: the password as its MD5 hex (spec section 7), the team leader as a number. */
export function wireBody(output: FormValues): FormValues {
  const body: FormValues = { ...output };
  if (typeof body.password === 'string' && body.password !== '') body.password = md5(body.password);
  else delete body.password;
  if (body.leader_id !== undefined && body.leader_id !== null && body.leader_id !== '') {
    body.leader_id = Number(body.leader_id);
  }
  return body;
}

/**
 * The create or edit form of a system user on the engine's form: the role select limited to the roles the caller
 * may give, the team leader shown and required only for a salesman, the password MD5-hashed before it leaves the
 * browser (optional on edit; not offered for the own account, which has the change-password dialog). The API's
 * field errors show under their inputs, other refusals as a translated toast.
 */
export function UserForm({ config, record }: { config: ResourceConfig; record?: UserRow }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const { http } = useEngineServices();
  const self = !!record && String(record.id) === ownId();
  // The own role is not changed here: the select offers only the current one.
  const roles = useRoleChoices(record?.role);
  const offered = self ? roleOptions.filter((o) => o.id === record?.role) : roles;

  const fields = record ? editFields(config) : createFields(config);
  const inputs: InputSpec[] = fields
    .filter((f) => !(self && f.source === 'password'))
    .map((f) => {
      const input = inputOf(config, f);
      if (f.source === 'role') return { ...input, options: offered ?? [] };
      if (f.source === 'password') {
        return {
          ...input,
          required: !record,
          helperText: record ? 'resources.users.hints.password_edit' : 'resources.users.hints.password_new',
        };
      }
      return input;
    });

  // A team leader adds salesmen to his own team: the one role he may give and himself as leader are preset.
  const only = offered?.length === 1 ? String(offered[0].id) : undefined;
  const presetLeader = only === SALESMAN_ROLE && roles?.length === 1;
  // One object per form: a new one would reset what was typed.
  const initial = useMemo<FormValues>(
    () =>
      record
        ? { name: record.name, role: record.role, leader_id: record.leader_id }
        : { role: only, leader_id: presetLeader ? Number(ownId()) || null : null },
    [record, only, presetLeader],
  );

  const submit = async (output: FormValues): Promise<FieldErrorTexts | undefined> => {
    let answer: unknown;
    try {
      const body = wireBody(output);
      answer = record
        ? await http(pathOf(users.paths.update!, record.id), { method: 'PUT', body })
        : await http(users.paths.create!, { method: 'POST', body });
    } catch (e) {
      notify(errorText(translate, e, 'engine.action.failed'), { type: 'error' });
      return fieldErrorTexts(translate, e);
    }
    await queryClient.invalidateQueries({ queryKey: [config.name] });
    // appointing an administrator or a supervisor waits for a second administrator (202 pending_approval)
    if (answer && typeof answer === 'object' && 'pending_approval' in answer)
      notify('resources.users.messages.awaiting_review', { type: 'info' });
    else notify(record ? 'resources.users.messages.updated' : 'resources.users.messages.created', { type: 'success' });
    redirect('list', config.name);
    return undefined;
  };

  const heading = record
    ? translate('resources.users.edit', { username: record.username })
    : translate('resources.users.create');
  return (
    <Box sx={{ py: 1 }}>
      <Title title={heading} />
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', config.name)} sx={{ mb: 1 }}>
        {translate('resources.users.back')}
      </Button>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {heading}
          </Typography>
          {offered && (
            <EngineForm
              // remount when the roles arrive, so the preset values apply
              key={offered.map((o) => String(o.id)).join()}
              config={config}
              inputs={inputs}
              initialValues={initial}
              onSubmit={submit}
              emptyAs="omit"
              warnWhenUnsavedChanges
              toolbar={(state) => <FormToolbar state={state} needsChange={!!record} />}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
