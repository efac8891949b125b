import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { clientApi, type Account } from '../drawer/api';
import { useLoad } from '../drawer/useLoad';

/** The client's accounts, loaded fresh while a dialog is open; a failure is told as 无法获取客户账户信息. */
export function useClientAccounts(open: boolean, clientId: number | string | null | undefined) {
  const notify = useNotify();
  const key = open && clientId !== null && clientId !== undefined && clientId !== '' ? String(clientId) : null;
  const state = useLoad<Account[]>(key, () => clientApi.accounts(clientId as number | string));
  const failed = !!state.error;
  useEffect(() => {
    if (failed) notify('client.errors.accountsUnavailable', { type: 'error' });
  }, [failed, notify]);
  return state;
}
