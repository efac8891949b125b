import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useTranslate } from 'ra-core';
import { Loading } from 'react-admin';
import type { UserRow } from '../../domain/user';
import { errorText } from '../../dataProvider/errorText';
import { useEngineServices } from '../engine/context';
import type { ViewProps } from '../engine/types';
import { isSelf, mayManage, userById } from './api';
import { UserForm } from './UserForm';

/** The row of `id` from the list pages already loaded (react-admin's query cache), if any. */
function cachedRow(queryClient: ReturnType<typeof useQueryClient>, resource: string, id: string) {
  for (const [, data] of queryClient.getQueriesData<{ data?: UserRow[] }>({ queryKey: [resource, 'getList'] })) {
    const row = data?.data?.find((r) => String(r.id) === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * The edit page of a system user (`/users/:id`); a user the caller does not manage (domain/user.ts manages) gets a
 * notice instead of the form. The API has no detail call (spec section 7): the row comes from the
 * list already loaded, else from the list in full (`full=true`, the caller's scope).
 */
export default function UserEdit({ config }: ViewProps) {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { http } = useEngineServices();
  const [row, setRow] = useState<UserRow | null | undefined>(() => cachedRow(queryClient, config.name, id));
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (row) return;
    let live = true;
    userById(http, id)
      .then((r) => live && setRow(r ?? null))
      .catch((e: unknown) => live && setError(errorText(translate, e)));
    return () => {
      live = false;
    };
  }, [http, id, row, translate]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (row === null) return <Alert severity="warning">{translate('resources.users.messages.not_found')}</Alert>;
  if (!row) return <Loading />;
  if (!isSelf(row) && !mayManage(row)) {
    return <Alert severity="warning">{translate('resources.users.messages.not_managed')}</Alert>;
  }
  return <UserForm key={row.id} config={config} record={row} />;
}
