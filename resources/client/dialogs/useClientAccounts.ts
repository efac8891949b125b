import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { clientApi } from '../drawer/api';
import { useClientQuery } from '../drawer/useClientQuery';

/**
 * The client's accounts while a dialog is open (the drawer's query: fetched again when the dialog opens); a failure
 * is told as 无法获取客户账户信息.
 */
export function useClientAccounts(open: boolean, clientId: number | string | null | undefined) {
  const notify = useNotify();
  const state = useClientQuery(clientApi.accounts, clientId, open);
  const failed = open && !!state.error;
  useEffect(() => {
    if (failed) notify('client.errors.accountsUnavailable', { type: 'error' });
  }, [failed, notify]);
  return state;
}
