import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { convertMoney, formatMoney, formatRate, toCents } from '../money';
import type { RateState } from './useRate';
import { withRequestId } from '../../../dataProvider/errorText';

/** Props of RateLine. */
export interface RateLineProps {
  from: string;
  to: string;
  amount: string;
  state: RateState;
  /**
   * The converted amount as the server credits it (the exchange: domain/exchange.ts exchangePreview, rounded down);
   * default convertMoney.
   */
  convert?: (amount: string, rate: number) => string | null;
}

/** The rate between two currencies with 6 decimals and the converted amount; the failure text when it failed. */
export default function RateLine({ from, to, amount, state, convert = convertMoney }: RateLineProps) {
  const translate = useTranslate();
  if (state.error) {
    return (
      <Typography color="error" variant="body2" role="alert" data-testid="rate-error">
        {withRequestId(translate, state.failure, translate('client.errors.rateUnavailable'))}
      </Typography>
    );
  }
  if (state.loading || state.rate === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('client.dialog.rateLoading')}
      </Typography>
    );
  }
  const converted = toCents(amount) !== null ? convert(amount, state.rate) : null;
  return (
    <Typography variant="body2" data-testid="rate-line">
      {translate('client.dialog.rate')}:{' '}
      {translate('client.dialog.rateLine', { from, to, rate: formatRate(state.rate) })}
      {converted !== null &&
        ` · ${translate('client.dialog.converted', { amount: formatMoney(converted), currency: to })}`}
    </Typography>
  );
}
