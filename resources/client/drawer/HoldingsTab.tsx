import { Box } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { PRODUCT_LABELS, type TradeProduct } from '../../../domain/trading';
import { balanceColor } from './AccountCard';
import LoadState from './LoadState';
import RecordTable from './RecordTable';
import { clientApi, type Row } from './api';
import { isEmpty } from './format';
import { useClientQuery } from './useClientQuery';
import { formatMoney, signOf } from '../money';

/** A price (4 decimals on the wire) with thousands separators, its decimals as sent. */
const formatPrice = (v: unknown) => {
  const [int, dec] = String(v).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${dec ? `.${dec}` : ''}`;
};

/** A quantity (4 decimals on the wire): whole shares without their zero decimals ("200.0000" → "200"). */
const formatQuantity = (v: unknown) =>
  formatPrice(
    String(v)
      .replace(/\.0+$/, '')
      .replace(/(\.\d*?)0+$/, '$1'),
  );

/**
 * The client's positions (GET /client/admin/v1/order/holding/{id}), one per product: quantity, average price, cost,
 * the product's current price, market value and the unrealised profit (red below zero, green above, as the account
 * cards colour a balance), amounts in the position's currency.
 */
export default function HoldingsTab({ clientId }: { clientId: number | string }) {
  const [locale] = useLocaleState();
  const state = useClientQuery(clientApi.holdings, clientId);
  const lang = locale === 'en-US' ? 'en-US' : 'zh-CN';
  const money = (source: string) => (r: Row) => (isEmpty(r[source]) ? '' : formatMoney(r[source] as string));
  const price = (source: string) => (r: Row) => (isEmpty(r[source]) ? '' : formatPrice(r[source]));
  const kind = (r: Row) => PRODUCT_LABELS[r.product_type as TradeProduct]?.[lang] ?? String(r.product_type ?? '');
  const profit = (r: Row) =>
    isEmpty(r.profit) ? (
      ''
    ) : (
      <Box
        component="span"
        data-testid="holding-profit"
        data-sign={signOf(r.profit as string)}
        sx={{ color: balanceColor(r.profit as string), fontWeight: 500 }}
      >
        {formatMoney(r.profit as string)}
      </Box>
    );
  return (
    <LoadState state={state}>
      {(rows) => (
        <Box sx={{ overflowX: 'auto', '& .MuiTableCell-root': { whiteSpace: 'nowrap', px: 1 } }}>
          <RecordTable
            testId="holdings"
            rows={rows}
            columns={[
              { source: 'symbol', label: 'client.holdings.symbol' },
              { source: 'name', label: 'client.holdings.name' },
              { source: 'product_type', label: 'client.holdings.product_type', render: kind },
              {
                source: 'quantity',
                label: 'client.holdings.quantity',
                align: 'right',
                render: (r) => (isEmpty(r.quantity) ? '' : formatQuantity(r.quantity)),
              },
              { source: 'avg_price', label: 'client.holdings.avg_price', align: 'right', render: price('avg_price') },
              { source: 'cost', label: 'client.holdings.cost', align: 'right', render: money('cost') },
              { source: 'price', label: 'client.holdings.price', align: 'right', render: price('price') },
              {
                source: 'market_value',
                label: 'client.holdings.market_value',
                align: 'right',
                render: money('market_value'),
              },
              { source: 'profit', label: 'client.holdings.profit', align: 'right', render: profit },
              { source: 'currency', label: 'client.holdings.currency' },
            ]}
          />
        </Box>
      )}
    </LoadState>
  );
}
