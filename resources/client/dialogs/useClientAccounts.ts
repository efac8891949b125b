import { useEffect } from 'react';
import { useNotifyFailure } from '../../../dataProvider/useNotifyFailure';
import { clientApi } from '../drawer/api';
import { useClientQuery } from '../drawer/useClientQuery';

/**
 * The client's accounts while a dialog is open (the drawer's query: fetched again when the dialog opens); a failure
 * is told as 无法获取客户账户信息.
 */
export function useClientAccounts(open: boolean, clientId: number | string | null | undefined) {
  const notifyFailure = useNotifyFailure();
  const state = useClientQuery(clientApi.accounts, clientId, open);
  const failed = open ? state.error : null;
  useEffect(() => {
    if (failed) notifyFailure(failed, 'client.errors.accountsUnavailable');
  }, [failed, notifyFailure]);
  return state;
}
