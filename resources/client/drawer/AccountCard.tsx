import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ACCOUNT_AMOUNT_FIELDS } from '../../../domain/account';
import type { Account } from './api';
import { formatMoney, signOf } from '../money';

/** The amount fields of an account card after the balance, in spec order (domain/account.ts). */
const AMOUNT_FIELDS = ACCOUNT_AMOUNT_FIELDS;

/** The colour of a balance: red below zero, green above, neutral at zero. */
export function balanceColor(balance: string | undefined): 'error.main' | 'success.main' | 'text.primary' {
  const sign = signOf(balance);
  return sign < 0 ? 'error.main' : sign > 0 ? 'success.main' : 'text.primary';
}

/** One account: number, currency, balance (red when negative, green when positive) and its amounts. */
export default function AccountCard({ account }: { account: Account }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="account-card" data-account-id={account.id}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="body2" color="text.secondary" title={translate('client.accounts.acc_no')}>
            {translate('client.accounts.acc_no')}: <span data-testid="account-number">{account.acc_no}</span>
          </Typography>
          <Chip size="small" label={account.currency} title={translate('client.accounts.currency')} />
        </Box>
        <Typography variant="caption" color="text.secondary">
          {translate('client.accounts.balance')}
        </Typography>
        <Typography
          variant="h6"
          data-testid="account-balance"
          data-sign={signOf(account.balance)}
          sx={{ color: balanceColor(account.balance) }}
        >
          {formatMoney(account.balance)}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1, mt: 1 }}>
          {AMOUNT_FIELDS.map((field) => (
            <Box key={field} data-field={field}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(`client.accounts.${field}`)}
              </Typography>
              <Typography variant="body2">{formatMoney(account[field] ?? '0')}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
