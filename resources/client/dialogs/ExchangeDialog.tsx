import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import AccountSelect from './AccountSelect';
import RateLine from './RateLine';
import RateSource from './RateSource';
import { pairAllowed, useEnabledPairs } from './usePairs';
import { fundsApi, type ExchangePayload } from './api';
import { hasClientId, isDefiniteRefusal, serverText } from './errors';
import { useClientAccounts } from './useClientAccounts';
import { useIdempotencyKey } from './useIdempotencyKey';
import { useRate } from './useRate';
import type { Account } from '../drawer/api';
import { useClientMutation } from '../drawer/useClientQuery';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { clampMoney, formatMoney, signOf, toCents, toFixed2 } from '../money';
import { DialogForm } from '../../engine/DialogForm';
import { exchangePreview } from '../../../domain/exchange';
import { withRequestId } from '../../../dataProvider/errorText';
import { useNotifyFailure } from '../../../dataProvider/useNotifyFailure';

/** Props of ExchangeDialog. */
export interface ExchangeDialogProps {
  open: boolean;
  clientId: number | string | null | undefined;
  /** Closes the dialog; `success` is true after an exchange (the caller reloads the basic info). */
  onClose: (success: boolean) => void;
}

/** Why the client cannot exchange at all, or null (spec section 8 inline notes). */
export function exchangeBlocker(
  accounts: Account[],
  source?: Account,
): 'singleAccount' | 'allZero' | 'sourceZero' | null {
  if (accounts.length < 2) return 'singleAccount';
  if (accounts.every((a) => signOf(a.balance) === 0)) return 'allZero';
  if (source && signOf(source.balance) <= 0) return 'sourceZero';
  return null;
}

/** Currency exchange between two accounts of one client, with an Idempotency-Key. */
export default function ExchangeDialog({ open, clientId, onClose }: ExchangeDialogProps) {
  const translate = useTranslate();
  const { key, renew } = useIdempotencyKey(open);
  const accounts = useClientAccounts(open, clientId);
  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="sm" data-testid="exchange-dialog">
      <DialogTitle>{translate('client.exchange.title')}</DialogTitle>
      {open && (
        <ExchangeForm
          clientId={clientId}
          accounts={accounts.data}
          accountsFailed={accounts.error}
          idempotencyKey={key}
          renewKey={renew}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

interface ExchangeFormProps {
  clientId: number | string | null | undefined;
  accounts: Account[] | undefined;
  /** The accounts' load error (null: none). */
  accountsFailed: unknown;
  idempotencyKey: string;
  renewKey: () => void;
  onClose: (success: boolean) => void;
}

function ExchangeForm({ clientId, accounts, accountsFailed, idempotencyKey, renewKey, onClose }: ExchangeFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inFlight = useRef(false);
  const dataProvider = useConsoleDataProvider();
  // The exchange; once it succeeded, everything shown of the client is fetched again.
  const exchange = useClientMutation(clientId, ({ id, payload }: { id: number | string; payload: ExchangePayload }) =>
    fundsApi(dataProvider).exchange(id, payload, idempotencyKey),
  );
  const pending = exchange.isPending;

  const list = accounts ?? [];
  const from = list.find((a) => String(a.id) === fromId);
  // The targets: only accounts an enabled currency pair joins to the source (currency_pair).
  const pairs = useEnabledPairs(true);
  const targets = list.filter((a) => !from || pairAllowed(pairs, from.currency, a.currency));
  const to = targets.find((a) => String(a.id) === toId);

  // Propose a funded source and another account as target once the accounts are in.
  useEffect(() => {
    if (!accounts || fromId) return;
    const source = accounts.find((a) => signOf(a.balance) > 0) ?? accounts[0];
    if (!source) return;
    setFromId(String(source.id));
    const target = accounts.find((a) => a.id !== source.id);
    if (target) setToId(String(target.id));
  }, [accounts, fromId]);

  const blocker = accounts ? exchangeBlocker(accounts, from) : null;
  // The rate the exchange runs at (less the spread); the preview rounds as the server credits (domain/exchange.ts).
  const rate = useRate(
    from?.currency,
    to?.currency,
    (failure) => notifyFailure(failure, 'client.errors.rateUnavailableRetry'),
    true,
  );

  const changeAmount = (value: string, source = from) => setAmount(source ? clampMoney(value, source.balance) : value);
  const changeFrom = (id: string) => {
    setFromId(id);
    const source = list.find((a) => String(a.id) === id);
    if (amount) changeAmount(amount, source);
  };

  const cents = toCents(amount);
  const amountOk = cents !== null && cents > 0n;
  const sameAccount = !!from && !!to && from.id === to.id;
  const complete = !!from && !!to && !sameAccount && amountOk;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || blocker) return;
    if (!hasClientId(clientId)) {
      notify('client.errors.userIdMissing', { type: 'error' });
      return;
    }
    setSubmitted(true);
    if (!complete || !from || !to) {
      notify('client.dialog.pleaseComplete', { type: 'warning' });
      return;
    }
    if (rate.error || rate.rate === null) {
      notify(rate.error ? 'client.errors.rateUnavailableRetry' : 'client.dialog.pleaseComplete', { type: 'warning' });
      return;
    }
    inFlight.current = true;
    try {
      const answer = await exchange.mutateAsync({
        id: clientId,
        payload: { from_account: from.id, to_account: to.id, amount: toFixed2(amount) as string, rate: rate.rate },
      });
      // At or above the tenant's exchange tier the exchange waits for a checker (maker-checker).
      const waits = (answer as { status?: string } | undefined)?.status === 'pending';
      notify(waits ? 'client.exchange.pendingApproval' : 'client.exchange.success', {
        type: waits ? 'info' : 'success',
      });
      onClose(true);
    } catch (err) {
      const text = serverText(err, translate);
      notify(text ?? 'client.exchange.failure', { type: 'error', messageArgs: text ? { _: text } : undefined });
      if (isDefiniteRefusal(err)) renewKey();
    } finally {
      inFlight.current = false;
    }
  };

  const disabled = pending || !!blocker || !accounts;
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
          {blocker && (
            <Alert severity="info" data-testid="exchange-note">
              {translate(`client.exchange.${blocker}`)}
            </Alert>
          )}
          <AccountSelect
            name="from_account"
            label={translate('client.exchange.from')}
            accounts={list}
            value={fromId}
            onChange={changeFrom}
            error={submitted && !from}
            disabled={pending || !accounts}
          />
          <AccountSelect
            name="to_account"
            label={translate('client.exchange.to')}
            accounts={targets}
            value={to ? toId : ''}
            onChange={setToId}
            error={(submitted && !to) || sameAccount}
            helperText={sameAccount ? translate('client.exchange.sameAccount') : undefined}
            disabled={pending || !accounts}
          />
          <TextField
            required
            fullWidth
            name="amount"
            type="number"
            label={translate('client.exchange.amount')}
            value={amount}
            onChange={(e) => changeAmount(e.target.value)}
            error={submitted && !amountOk}
            helperText={
              submitted && !amountOk
                ? translate('client.dialog.amountInvalid')
                : from
                  ? translate('client.exchange.amountHint', { balance: formatMoney(from.balance) })
                  : undefined
            }
            disabled={disabled}
            slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
          />
          {from && to && !sameAccount && (
            <RateLine
              from={from.currency}
              to={to.currency}
              amount={amount}
              state={rate}
              convert={(value, r) => exchangePreview(toFixed2(value) ?? '', r)}
            />
          )}
          {from && to && !sameAccount && <RateSource from={from.currency} to={to.currency} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={pending}>
          {translate('client.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={disabled} data-testid="exchange-submit">
          {translate(pending ? 'client.dialog.submitting' : 'client.dialog.submit')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
