import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Account } from '../drawer/api';
import { formatMoney } from '../money';

/** Props of AccountSelect. */
export interface AccountSelectProps {
  name: string;
  label: string;
  accounts: Account[];
  value: string;
  onChange: (id: string) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

/** A select of the client's accounts, each shown as number, currency and balance. */
export default function AccountSelect({
  name,
  label,
  accounts,
  value,
  onChange,
  error,
  helperText,
  disabled,
}: AccountSelectProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      fullWidth
      required
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={helperText}
      disabled={disabled}
      slotProps={{ select: { inputProps: { 'data-testid': `${name}-select` } } }}
    >
      {accounts.map((a) => (
        <MenuItem key={a.id} value={String(a.id)}>
          {translate('client.dialog.accountOption', {
            acc_no: a.acc_no,
            currency: a.currency,
            balance: formatMoney(a.balance),
          })}
        </MenuItem>
      ))}
    </TextField>
  );
}
