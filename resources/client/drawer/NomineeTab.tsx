import { useLocaleState, useTranslate } from 'react-admin';
import LoadState from './LoadState';
import RecordTable from './RecordTable';
import { clientApi } from './api';
import { formatDate, isEmpty } from './format';
import { useClientQuery } from './useClientQuery';
import { valueLabel } from './values';

/** The client's beneficiaries: name, relationship, phone, dob, share percent (spec section 3). */
export default function NomineeTab({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = useClientQuery(clientApi.nominees, clientId);
  return (
    <LoadState state={state}>
      {(rows) => (
        <RecordTable
          testId="nominees"
          rows={rows}
          columns={[
            { source: 'name', label: 'client.nominee.name' },
            {
              source: 'relationship',
              label: 'client.nominee.relationship',
              render: (r) => valueLabel(translate, 'relationship', r.relationship),
            },
            { source: 'phone', label: 'client.nominee.phone' },
            { source: 'dob', label: 'client.nominee.dob', render: (r) => formatDate(r.dob, locale) },
            {
              source: 'share_percent',
              label: 'client.nominee.share_percent',
              align: 'right',
              render: (r) => (isEmpty(r.share_percent) ? '' : `${String(r.share_percent)}%`),
            },
          ]}
        />
      )}
    </LoadState>
  );
}
