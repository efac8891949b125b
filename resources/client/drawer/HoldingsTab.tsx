import { useLocaleState, useTranslate } from 'react-admin';
import LoadState from './LoadState';
import RecordTable from './RecordTable';
import { clientApi, type Row } from './api';
import { formatDateTime, isEmpty } from './format';
import { useClientQuery } from './useClientQuery';
import { formatMoney } from '../money';
import { findOption, productTypes } from '../../labels';

/** The client's open positions (GET /client/admin/v1/order/holding/{id}): quantity, average price and cost. */
export default function HoldingsTab({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = useClientQuery(clientApi.holdings, clientId);
  const money = (source: string) => (r: Row) => (isEmpty(r[source]) ? '' : formatMoney(r[source] as string));
  const product = (r: Row) => {
    const found = findOption(productTypes, r.product_type);
    return found ? translate(found.name) : (r.product_type as string);
  };
  return (
    <LoadState state={state}>
      {(rows) => (
        <RecordTable
          testId="holdings"
          rows={rows}
          columns={[
            { source: 'symbol', label: 'client.holdings.symbol' },
            { source: 'name', label: 'client.holdings.name' },
            { source: 'product_type', label: 'client.holdings.product_type', render: product },
            { source: 'quantity', label: 'client.holdings.quantity', align: 'right' },
            { source: 'avg_price', label: 'client.holdings.avg_price', align: 'right' },
            { source: 'cost', label: 'client.holdings.cost', align: 'right', render: money('cost') },
            { source: 'currency', label: 'client.holdings.currency' },
            {
              source: 'created_at',
              label: 'client.holdings.created_at',
              render: (r) => formatDateTime(r.created_at, locale),
            },
          ]}
        />
      )}
    </LoadState>
  );
}
