import { useQuery } from '@tanstack/react-query';
import { auditLog, type AuditDetail, type AuditHistory } from '../../domain/audit';
import { pathOf } from '../../domain/entity';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';

/** One audit row with its before/after and its target's history (`GET /audit/admin/v1/detail/{id}`). */
export function useAuditDetail(id: string | number) {
  const dataProvider = useConsoleDataProvider();
  return useQuery({
    queryKey: ['audit_log', 'detail', String(id)],
    queryFn: ({ signal }) => dataProvider.call<AuditDetail>(pathOf(auditLog.paths.one, id), { signal }),
    retry: false,
  });
}

/** The history of one target (`GET /audit/admin/v1/history?type=&id=`); nothing is asked while `enabled` is false. */
export function useAuditHistory(type: string, id: string | number, enabled: boolean) {
  const dataProvider = useConsoleDataProvider();
  return useQuery({
    queryKey: ['audit_log', 'history', type, String(id)],
    queryFn: ({ signal }) =>
      dataProvider.call<AuditHistory>(auditLog.paths.history, { query: { type, id: String(id) }, signal }),
    enabled,
    retry: false,
  });
}
