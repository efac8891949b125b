import { useState } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import RedeemIcon from '@mui/icons-material/Redeem';
import StarsIcon from '@mui/icons-material/Stars';
import { useTranslate } from 'react-admin';
import { Guard } from '../../../src/permissions/Guard';
import DepositDialog from '../dialogs/DepositDialog';
import ExchangeDialog from '../dialogs/ExchangeDialog';
import type { FundKind } from '../dialogs/api';
import AccountCard from './AccountCard';
import type { Account } from './api';
import { withRequestId } from '../../../dataProvider/errorText';

/** Props of AccountSection. */
export interface AccountSectionProps {
  clientId: number | string;
  accounts: Account[] | undefined;
  loading: boolean;
  /** The load's error (falsy: none): its text names the failed request. */
  failed: unknown;
}

type OpenDialog = FundKind | 'exchange' | null;

/**
 * The client's accounts with the deposit, bonus-point, bonus and exchange buttons (guarded by client/fund); a
 * successful movement fetches the client's data again by itself (useClientMutation).
 */
export default function AccountSection({ clientId, accounts, loading, failed }: AccountSectionProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [fundKind, setFundKind] = useState<FundKind>('deposit');
  const list = accounts ?? [];
  // Every money movement lands on an account: without one the dialogs would have nowhere to credit.
  const noAccount = !!accounts && list.length === 0;

  const openFund = (kind: FundKind) => {
    setFundKind(kind);
    setOpen(kind);
  };
  const close = () => setOpen(null);

  return (
    <Box component="section" data-testid="client-accounts">
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="subtitle1" component="h3">
          {translate('client.accounts.title')}
        </Typography>
        <Guard resource="client" action="fund" mode="hide">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="fund-actions">
            <Button
              size="small"
              variant="contained"
              startIcon={<AddCardIcon />}
              onClick={() => openFund('deposit')}
              disabled={noAccount}
              data-testid="action-deposit"
            >
              {translate('client.actions.deposit')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<StarsIcon />}
              onClick={() => openFund('compensation')}
              disabled={noAccount}
              data-testid="action-compensation"
            >
              {translate('client.actions.compensation')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<RedeemIcon />}
              onClick={() => openFund('bonus')}
              disabled={noAccount}
              data-testid="action-bonus"
            >
              {translate('client.actions.bonus')}
            </Button>
            {list.length > 1 && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<CurrencyExchangeIcon />}
                onClick={() => setOpen('exchange')}
                data-testid="action-exchange"
              >
                {translate('client.actions.exchange')}
              </Button>
            )}
          </Stack>
        </Guard>
      </Box>
      {!!failed && !accounts && (
        <Alert severity="error">
          {withRequestId(translate, failed, translate('client.errors.accountsUnavailable'))}
        </Alert>
      )}
      {loading && !accounts && <Skeleton variant="rectangular" height={120} />}
      {accounts && list.length === 0 && (
        <Typography color="text.secondary" data-testid="accounts-empty">
          {translate('client.accounts.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 1.5 }}>
        {list.map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </Box>
      <Guard resource="client" action="fund" mode="hide">
        <DepositDialog open={open === fundKind} kind={fundKind} clientId={clientId} onClose={close} />
        <ExchangeDialog open={open === 'exchange'} clientId={clientId} onClose={close} />
      </Guard>
    </Box>
  );
}
