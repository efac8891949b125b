import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import AccountSelect from './AccountSelect';
import CryptoDepositFields, { type CryptoValues } from './CryptoDepositFields';
import ProofImageUpload from './ProofImageUpload';
import RateLine from './RateLine';
import RateSource from './RateSource';
import { FALLBACK_DEPOSIT_OPTIONS, fundsApi, type DepositOption, type DepositPayload, type FundKind } from './api';
import { hasClientId, isDefiniteRefusal, serverText } from './errors';
import { useClientAccounts } from './useClientAccounts';
import { useIdempotencyKey } from './useIdempotencyKey';
import { useRate } from './useRate';
import type { Account } from '../drawer/api';
import { useClientMutation } from '../drawer/useClientQuery';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { cryptoFieldProblems, type CryptoFieldProblem } from '../../../domain/crypto-chains';
import { depositTypes, findOption } from '../../labels';
import { isValidAmount, toFixed2 } from '../money';
import { DialogForm } from '../../engine/DialogForm';
import { withRequestId } from '../../../dataProvider/errorText';
import { useNotifyFailure } from '../../../dataProvider/useNotifyFailure';

/** Props of DepositDialog. */
export interface DepositDialogProps {
  open: boolean;
  /** deposit (充值), compensation (赠分, bonus points) or bonus (奖励, reward). */
  kind: FundKind;
  clientId: number | string | null | undefined;
  /** Closes the dialog; `success` is true after a credited movement (the caller reloads the basic info). */
  onClose: (success: boolean) => void;
}

/** The default deposit sub_type: bank when offered, else the first option (spec section 9). */
function defaultSubType(options: DepositOption[]): string {
  return options.find((o) => o.value === 'bank')?.value ?? options[0]?.value ?? '';
}

const NO_OPTIONS: DepositOption[] = [];
const NO_CRYPTO: CryptoValues = { chain: '', address: '', tx_hash: '' };

/** The i18n key of each crypto field problem (the same rules as the API: domain/crypto-chains.ts). */
const CRYPTO_ERROR_KEYS: Record<keyof CryptoValues, Record<CryptoFieldProblem, string>> = {
  chain: { required: 'client.dialog.required', invalid: 'client.dialog.required' },
  address: { required: 'client.dialog.required', invalid: 'client.dialog.addressInvalid' },
  tx_hash: { required: 'client.dialog.required', invalid: 'client.dialog.txHashInvalid' },
};

/**
 * Deposit, compensation (bonus points) and bonus (reward) for one client account, with an Idempotency-Key.
 * A crypto deposit also asks the chain, the receiving address and the transaction hash.
 */
export default function DepositDialog({ open, kind, clientId, onClose }: DepositDialogProps) {
  const translate = useTranslate();
  const { key, renew } = useIdempotencyKey(open);
  const accounts = useClientAccounts(open, clientId);
  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="sm" data-testid={`${kind}-dialog`}>
      <DialogTitle>{translate(`client.${kind}.title`)}</DialogTitle>
      {open && (
        <DepositForm
          kind={kind}
          clientId={clientId}
          accounts={accounts.data ?? []}
          accountsFailed={accounts.error}
          idempotencyKey={key}
          renewKey={renew}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

interface DepositFormProps {
  kind: FundKind;
  clientId: number | string | null | undefined;
  accounts: Account[];
  /** The accounts' load error (null: none). */
  accountsFailed: unknown;
  idempotencyKey: string;
  renewKey: () => void;
  onClose: (success: boolean) => void;
}

function DepositForm({
  kind,
  clientId,
  accounts,
  accountsFailed,
  idempotencyKey,
  renewKey,
  onClose,
}: DepositFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const isDeposit = kind === 'deposit';
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  // Until staff pick a currency themselves, it follows the chosen account's.
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const [subType, setSubType] = useState('');
  const [crypto, setCrypto] = useState<CryptoValues>(NO_CRYPTO);
  const [touched, setTouched] = useState<Partial<Record<keyof CryptoValues, boolean>>>({});
  // The chain and hash the API refused as already recorded (409 duplicate_tx_hash), while they stay unchanged.
  const [taken, setTaken] = useState<{ chain: string; tx_hash: string } | null>(null);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const inFlight = useRef(false);
  const dataProvider = useConsoleDataProvider();
  const funds = fundsApi(dataProvider);
  // The movement; once it succeeded, everything shown of the client is fetched again.
  const movement = useClientMutation(clientId, ({ id, payload }: { id: number | string; payload: DepositPayload }) =>
    kind === 'deposit'
      ? funds.deposit(id, payload, idempotencyKey)
      : funds[kind](id, { account_id: payload.account_id, amount: payload.amount }, idempotencyKey),
  );
  const pending = movement.isPending;

  const account = accounts.find((a) => String(a.id) === accountId);
  const currencies = useMemo(() => [...new Set(accounts.map((a) => a.currency).filter(Boolean))], [accounts]);

  // One account: preselect it. Picking an account proposes its currency for the deposit.
  useEffect(() => {
    if (!accountId && accounts.length === 1) setAccountId(String(accounts[0].id));
  }, [accounts, accountId]);
  useEffect(() => {
    if (isDeposit && account && !currencyChosen) setCurrency(account.currency);
  }, [isDeposit, account, currencyChosen]);

  // The deposit sub_types; the label list when the call fails.
  const optionsQuery = useQuery({
    queryKey: ['deposit', 'options'],
    queryFn: ({ signal }) => funds.depositOptions(signal),
    enabled: isDeposit,
    retry: false,
  });
  const options = optionsQuery.data ?? (optionsQuery.isError ? FALLBACK_DEPOSIT_OPTIONS : NO_OPTIONS);
  useEffect(() => {
    if (!subType && options.length) setSubType(defaultSubType(options));
  }, [options, subType]);

  const needsRate = isDeposit && !!account && !!currency && currency !== account.currency;
  const rate = useRate(needsRate ? currency : null, needsRate ? account.currency : null, (failure) =>
    notifyFailure(failure, 'client.errors.rateUnavailableRetry'),
  );

  const isCrypto = isDeposit && subType === 'crypto';
  const cryptoErrors = useMemo(() => {
    if (!isCrypto) return {};
    const errors: Partial<Record<keyof CryptoValues, string>> = {};
    const problems = cryptoFieldProblems(crypto);
    for (const field of Object.keys(problems) as (keyof CryptoValues)[]) {
      errors[field] = CRYPTO_ERROR_KEYS[field][problems[field]!];
    }
    if (!errors.tx_hash && taken && taken.chain === crypto.chain && taken.tx_hash === crypto.tx_hash.trim()) {
      errors.tx_hash = 'client.dialog.txHashDuplicate';
    }
    return errors;
  }, [isCrypto, crypto, taken]);
  const shownCryptoErrors = Object.fromEntries(
    Object.entries(cryptoErrors).filter(
      ([field, key]) => submitted || touched[field as keyof CryptoValues] || key === 'client.dialog.txHashDuplicate',
    ),
  );

  const amountOk = isValidAmount(amount);
  const complete =
    !!account && amountOk && (!isDeposit || (!!currency && !!subType)) && Object.keys(cryptoErrors).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!hasClientId(clientId)) {
      notify('client.errors.userIdMissing', { type: 'error' });
      return;
    }
    setSubmitted(true);
    if (!complete || uploading) {
      notify('client.dialog.pleaseComplete', { type: 'warning' });
      return;
    }
    if (needsRate && (rate.error || rate.rate === null)) {
      notify(rate.error ? 'client.errors.rateUnavailableRetry' : 'client.dialog.pleaseComplete', { type: 'warning' });
      return;
    }
    inFlight.current = true;
    const cryptoPayload = isCrypto
      ? { chain: crypto.chain, address: crypto.address.trim(), tx_hash: crypto.tx_hash.trim() }
      : {};
    try {
      const answer = await movement.mutateAsync({
        id: clientId,
        payload: {
          account_id: account.id,
          amount: toFixed2(amount) as string,
          currency,
          screenshot: screenshot ?? '',
          sub_type: subType,
          ...cryptoPayload,
        },
      });
      // Credits at or above the tenant's approval tier wait for a checker (maker-checker): the record answers pending.
      const waits = kind !== 'deposit' && (answer as { status?: string } | undefined)?.status === 'pending';
      notify(`client.${kind}.${waits ? 'pendingApproval' : 'success'}`, { type: waits ? 'info' : 'success' });
      onClose(true);
    } catch (err) {
      const text = serverText(err, translate);
      notify(text ?? `client.${kind}.failure`, { type: 'error', messageArgs: text ? { _: text } : undefined });
      const duplicate = isCrypto && (err as { code?: unknown } | null)?.code === 'duplicate_tx_hash';
      if (duplicate) setTaken({ chain: crypto.chain, tx_hash: crypto.tx_hash.trim() });
      // A duplicate is refused for good: the corrected request gets a new key.
      if (isDefiniteRefusal(err) || duplicate) renewKey();
    } finally {
      inFlight.current = false;
    }
  };

  const optionLabel = (o: DepositOption) => {
    const known = findOption(depositTypes, o.value);
    return known ? translate(known.name, { _: o.label ?? o.value }) : (o.label ?? o.value);
  };

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="dialog-client-id">
            {translate('client.dialog.clientId')}: {clientId ?? '-'}
          </Typography>
          {!hasClientId(clientId) && <Alert severity="error">{translate('client.errors.userIdMissing')}</Alert>}
          {!!accountsFailed && (
            <Alert severity="error">
              {withRequestId(translate, accountsFailed, translate('client.errors.accountsUnavailable'))}
            </Alert>
          )}
          <AccountSelect
            name="account_id"
            label={translate(isDeposit ? 'client.dialog.destinationAccount' : 'client.dialog.account')}
            accounts={accounts}
            value={accountId}
            onChange={setAccountId}
            error={submitted && !account}
            helperText={submitted && !account ? translate('client.dialog.required') : undefined}
            disabled={pending}
          />
          {isDeposit && (
            <TextField
              select
              required
              fullWidth
              name="currency"
              label={translate('client.dialog.currency')}
              value={currency}
              onChange={(e) => {
                setCurrency(e.target.value);
                setCurrencyChosen(true);
              }}
              error={submitted && !currency}
              helperText={submitted && !currency ? translate('client.dialog.required') : undefined}
              disabled={pending}
            >
              {currencies.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          )}
          {isDeposit && (
            <TextField
              select
              required
              fullWidth
              name="sub_type"
              label={translate('client.dialog.subType')}
              value={options.some((o) => o.value === subType) ? subType : ''}
              onChange={(e) => setSubType(e.target.value)}
              error={submitted && !subType}
              disabled={pending}
            >
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {optionLabel(o)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {isCrypto && (
            <CryptoDepositFields
              value={crypto}
              onChange={setCrypto}
              errors={shownCryptoErrors}
              onTouched={(field) => setTouched((t) => ({ ...t, [field]: true }))}
              disabled={pending}
            />
          )}
          <TextField
            required
            fullWidth
            name="amount"
            type="number"
            label={translate('client.dialog.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={submitted && !amountOk}
            helperText={submitted && !amountOk ? translate('client.dialog.amountInvalid') : undefined}
            disabled={pending}
            slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
          />
          {needsRate && <RateLine from={currency} to={account.currency} amount={amount} state={rate} />}
          {needsRate && <RateSource from={currency} to={account.currency} />}
          {isDeposit && (
            <ProofImageUpload
              value={screenshot}
              onChange={setScreenshot}
              onUploadingChange={setUploading}
              disabled={pending}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={pending}>
          {translate('client.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending || uploading} data-testid="fund-submit">
          {translate(pending ? 'client.dialog.submitting' : 'client.dialog.submit')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
