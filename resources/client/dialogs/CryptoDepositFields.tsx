import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { CryptoAddressOption } from '../../../domain/crypto-address';
import type { CryptoFields } from '../../../domain/crypto-chains';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { cryptoChains } from '../../labels';

/**
 * The platform's active receiving addresses (`addresses` of GET /deposit/admin/v1/options, managed on the crypto
 * address page); null when the API does not answer them (a backend without platform addresses: free text).
 */
function usePlatformAddresses(): CryptoAddressOption[] | null {
  const dataProvider = useConsoleDataProvider();
  const answer = useQuery({
    queryKey: ['deposit', 'options', 'addresses'],
    queryFn: ({ signal }) =>
      dataProvider.call<{ addresses?: CryptoAddressOption[] }>('/deposit/admin/v1/options', { signal }),
    retry: false,
  });
  return Array.isArray(answer.data?.addresses) ? answer.data.addresses : null;
}

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

/**
 * The chain, receiving address and transaction hash of a crypto deposit, with inline translated errors. The address is
 * one of the platform's active addresses on the chosen chain when the API lists them, else typed.
 */
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
  const platform = usePlatformAddresses();
  const offered = platform?.filter((a) => a.chain === value.chain) ?? [];
  const none = platform !== null && !!value.chain && offered.length === 0;
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
      {platform ? (
        <TextField
          select
          required
          fullWidth
          name="address"
          label={translate('client.dialog.address')}
          value={offered.some((a) => a.address === value.address) ? value.address : ''}
          onChange={set('address')}
          onBlur={() => onTouched('address')}
          error={!!errors.address || none}
          helperText={
            helper('address') ??
            translate(
              none
                ? 'resources.crypto_address.deposit.none'
                : value.chain
                  ? 'resources.crypto_address.deposit.pick'
                  : 'resources.crypto_address.deposit.chainFirst',
            )
          }
          disabled={disabled || !offered.length}
        >
          {offered.map((a) => (
            <MenuItem key={a.address} value={a.address} sx={{ fontFamily: 'monospace' }}>
              {a.label ? `${a.label} · ${a.address}` : a.address}
            </MenuItem>
          ))}
        </TextField>
      ) : (
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
      )}
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
