import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { ProofImage } from '../../engine/ProofImage';
import { formatFullDateTime, formatShortDateTime } from '../../engine/format';
import { depositTypes, findOption } from '../../labels';
import { formatMoney, formatRate } from '../money';
import type { Account, PendingDeposit } from './api';
import type { Loadable } from './LoadState';
import { useTenantZone } from '../../engine/timeZone';
import { withRequestId } from '../../../dataProvider/errorText';

/** Props of PendingDeposits. */
export interface PendingDepositsProps {
  /** The load of GET /deposit/admin/v1/list?client_id=…&status=pending (its rows and total). */
  state: Loadable<{ rows: PendingDeposit[]; total: number }>;
  /** The client's accounts, to name the account a deposit credits. */
  accounts: Account[] | undefined;
}

const COLUMNS = ['id', 'created_at', 'amount', 'credited', 'sub_type', 'proof'] as const;

/**
 * The client's deposits waiting for approval (spec section 2, issue 7): id, time, requested amount, what the account
 * will be credited (currency, amount, rate), type and proof; a table on wide screens, one block per deposit on phones.
 */
export default function PendingDeposits({ state, accounts }: PendingDepositsProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = state.data?.rows;
  const total = state.data?.total ?? 0;

  const typeLabel = (value: string) => {
    const known = findOption(depositTypes, value);
    return known ? translate(known.name, { _: value }) : value;
  };
  const accNo = (id: number) => accounts?.find((a) => String(a.id) === String(id))?.acc_no;
  const cells = (d: PendingDeposit): Record<(typeof COLUMNS)[number], ReactNode> => ({
    id: <span data-testid="pending-deposit-id">{d.id}</span>,
    // Short (to the minute) so that a row stays one line; the full time in the tooltip.
    created_at: (
      <span title={formatFullDateTime(d.created_at, locale, zone)}>
        {formatShortDateTime(d.created_at, locale, undefined, zone)}
      </span>
    ),
    amount: (
      <span data-testid="pending-deposit-amount">
        {formatMoney(d.amount)} {d.currency}
      </span>
    ),
    credited: (
      <Box component="span" data-testid="pending-deposit-credited">
        {formatMoney(d.credit_amount)} {d.credit_currency}
        {d.credit_currency !== d.currency && (
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', whiteSpace: 'nowrap' }}
          >
            {translate('client.pendingDeposits.rateLine', {
              from: d.currency,
              rate: formatRate(d.rate),
              to: d.credit_currency,
            })}
          </Typography>
        )}
        {accNo(d.account_id) && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {translate('client.pendingDeposits.toAccount', { acc_no: accNo(d.account_id) })}
          </Typography>
        )}
      </Box>
    ),
    sub_type: typeLabel(d.sub_type),
    proof: d.screenshot_url ? (
      <ProofImage src={d.screenshot_url} alt="client.pendingDeposits.proofAlt" height={32} />
    ) : (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('client.pendingDeposits.noProof')}
      </Typography>
    ),
  });

  let body: ReactNode;
  if (state.error && !rows) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void state.refetch()}>
            {translate('client.tabs.retry')}
          </Button>
        }
      >
        {withRequestId(translate, state.error, translate('client.pendingDeposits.loadFailed'))}
      </Alert>
    );
  } else if (!rows) {
    body = <Skeleton variant="rectangular" height={48} />;
  } else if (!rows.length) {
    body = (
      <Typography color="text.secondary" variant="body2" data-testid="pending-deposits-empty">
        {translate('client.pendingDeposits.empty')}
      </Typography>
    );
  } else if (narrow) {
    body = (
      <Stack spacing={1} data-testid="pending-deposits-list">
        {rows.map((d) => {
          const c = cells(d);
          return (
            <Box
              key={d.id}
              data-testid="pending-deposit"
              data-deposit-id={d.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'flex', gap: 1 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary" component="div">
                  #{c.id} · {c.created_at} · {c.sub_type}
                </Typography>
                {(['amount', 'credited'] as const).map((col) => (
                  <Box key={col} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                    <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {translate(`client.pendingDeposits.${col}`)}
                    </Typography>
                    <Typography variant="body2" component="div">
                      {c[col]}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {d.screenshot_url && <Box sx={{ flexShrink: 0, alignSelf: 'center' }}>{c.proof}</Box>}
            </Box>
          );
        })}
      </Stack>
    );
  } else {
    body = (
      <TableContainer>
        <Table size="small" data-testid="pending-deposits-list">
          <TableHead>
            <TableRow>
              {COLUMNS.map((col) => (
                <TableCell
                  key={col}
                  align={col === 'amount' || col === 'credited' ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap', px: 1 }}
                >
                  {translate(`client.pendingDeposits.${col}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => {
              const c = cells(d);
              return (
                <TableRow key={d.id} data-testid="pending-deposit" data-deposit-id={d.id}>
                  {COLUMNS.map((col) => (
                    <TableCell
                      key={col}
                      align={col === 'amount' || col === 'credited' ? 'right' : 'left'}
                      sx={{ whiteSpace: 'nowrap', px: 1 }}
                    >
                      {c[col]}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Box component="section" data-testid="pending-deposits" aria-labelledby="pending-deposits-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id="pending-deposits-title">
          {translate('client.pendingDeposits.title')}
        </Typography>
        {rows && rows.length > 0 && (
          <Chip size="small" color="warning" label={total} data-testid="pending-deposits-total" />
        )}
      </Box>
      {body}
      {rows && total > rows.length && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {translate('client.pendingDeposits.more', { shown: rows.length, total })}
        </Typography>
      )}
    </Box>
  );
}
