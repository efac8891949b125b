import { useLocaleState } from 'react-admin';
import LoadState from './LoadState';
import RecordTable from './RecordTable';
import { clientApi } from './api';
import { formatDateTime } from './format';
import { useLoad } from './useLoad';

/** The client's access records: time, IP, location, device (our design: GET /client/admin/v1/access/{id}). */
export default function AccessRecordsTab({ clientId }: { clientId: number | string }) {
  const [locale] = useLocaleState();
  const state = useLoad(String(clientId), () => clientApi.accessRecords(clientId));
  return (
    <LoadState state={state}>
      {(rows) => (
        <RecordTable
          testId="access-records"
          rows={rows}
          columns={[
            {
              source: 'created_at',
              label: 'client.access.time',
              render: (r) => formatDateTime(r.created_at ?? r.login_at, locale),
            },
            { source: 'ip', label: 'client.access.ip' },
            { source: 'location', label: 'client.access.location' },
            { source: 'device', label: 'client.access.device' },
            { source: 'os', label: 'client.access.os' },
          ]}
        />
      )}
    </LoadState>
  );
}
