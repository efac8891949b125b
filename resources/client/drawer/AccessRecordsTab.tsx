import { useLocaleState, useTranslate } from 'react-admin';
import LoadState from './LoadState';
import RecordTable from './RecordTable';
import { clientApi } from './api';
import { formatDateTime } from './format';
import { useClientQuery } from './useClientQuery';
import { valueLabel } from './values';
import { useTenantZone } from '../../engine/timeZone';

/** The client's access records: time, action, IP, location, device, user agent (GET /client/admin/v1/access/{id}). */
export default function AccessRecordsTab({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const state = useClientQuery(clientApi.accessRecords, clientId);
  return (
    <LoadState state={state}>
      {(rows) => (
        <RecordTable
          testId="access-records"
          rows={rows}
          columns={[
            { source: 'at', label: 'client.access.time', render: (r) => formatDateTime(r.at, locale, zone) },
            {
              source: 'action',
              label: 'client.access.action',
              render: (r) => valueLabel(translate, 'accessAction', r.action),
            },
            { source: 'ip', label: 'client.access.ip' },
            { source: 'location', label: 'client.access.location' },
            { source: 'device', label: 'client.access.device' },
            { source: 'user_agent', label: 'client.access.user_agent' },
          ]}
        />
      )}
    </LoadState>
  );
}
