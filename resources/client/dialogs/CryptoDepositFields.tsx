import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CryptoFields } from '../../../domain/crypto-chains';
import { cryptoChains } from '../../labels';

/** The three fields as the form holds them (strings, '' when empty). */
export type CryptoValues = Required<{ [K in keyof CryptoFields]: string }>;

/** Props of CryptoDepositFields. */
export interface CryptoDepositFieldsProps {
  value: CryptoValues;
  onChange: (value: CryptoValues) => void;
  /** The i18n key of each field's error, when it has one to show. */
  errors: Partial<Record<keyof CryptoValues, string>>;
  /** A field left (blurred): its error may show before the first submit. */
  onTouched: (field: keyof CryptoValues) => void;
  disabled?: boolean;
}

/** The chain, receiving address and transaction hash of a crypto deposit, with inline translated errors. */
export default function CryptoDepositFields({
  value,
  onChange,
  errors,
  onTouched,
  disabled,
}: CryptoDepositFieldsProps) {
  const translate = useTranslate();
  const set = (field: keyof CryptoValues) => (e: { target: { value: string } }) =>
    onChange({ ...value, [field]: e.target.value });
  const helper = (field: keyof CryptoValues) => (errors[field] ? translate(errors[field]!) : undefined);
  return (
    <>
      <TextField
        select
        required
        fullWidth
        name="chain"
        label={translate('client.dialog.chain')}
        value={value.chain}
        onChange={set('chain')}
        onBlur={() => onTouched('chain')}
        error={!!errors.chain}
        helperText={helper('chain')}
        disabled={disabled}
      >
        {cryptoChains.map((o) => (
          <MenuItem key={String(o.id)} value={String(o.id)}>
            {translate(o.name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        required
        fullWidth
        name="address"
        label={translate('client.dialog.address')}
        value={value.address}
        onChange={set('address')}
        onBlur={() => onTouched('address')}
        error={!!errors.address}
        helperText={helper('address')}
        disabled={disabled}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      />
      <TextField
        required
        fullWidth
        name="tx_hash"
        label={translate('client.dialog.txHash')}
        value={value.tx_hash}
        onChange={set('tx_hash')}
        onBlur={() => onTouched('tx_hash')}
        error={!!errors.tx_hash}
        helperText={helper('tx_hash')}
        disabled={disabled}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      />
    </>
  );
}
