import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { withRequestId } from '../../dataProvider/errorText';
import { useApprovalCount } from '../../resources/approval/useApprovalCount';
import { formatMoney } from '../../resources/client/money';
import { useTenantZone } from '../../resources/engine/timeZone';
import { useShellMenu } from '../layout/useVisibleMenu';
import { useDashboard, type DayRange, type KindRow } from './api';
import { CurrencyLines } from './CurrencyLines';
import { openOrdersLink, todayLinks } from './links';
import { today } from './range';

/** A figure of today: a titled card, the whole card a link to its list when the user may open that list. */
function TodayCard({
  title,
  to,
  testId,
  children,
}: {
  title: string;
  to?: string;
  testId: string;
  children: ReactNode;
}) {
  const body = (
    <CardContent sx={{ '&:last-child': { pb: 1.5 }, py: 1.5 }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%', minWidth: 0 }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** A big number. */
const Figure = ({ value, testId }: { value: ReactNode; testId: string }) => (
  <Typography
    variant="h5"
    component="p"
    sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
    data-testid={testId}
  >
    {value}
  </Typography>
);

/** What waits for the signed-in staff member (the menu badge's count, shared with it). */
function ApprovalsCard({ title, to }: { title: string; to: string }) {
  const count = useApprovalCount();
  return (
    <TodayCard title={title} to={to} testId="today-approvals">
      <Figure
        value={count.data ? count.data.total.toLocaleString('en-US') : <Skeleton width={40} />}
        testId="today-approvals-count"
      />
    </TodayCard>
  );
}

/** The open orders of each product now, each product a link to its open orders. */
function ExposureLines({ kinds, mayOpen }: { kinds: KindRow[]; mayOpen: (path: string) => boolean }) {
  const translate = useTranslate();
  const open = kinds.filter((k) => k.open.length);
  if (!open.length)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="today-exposure-empty">
        {translate('resources.dashboard.empty')}
      </Typography>
    );
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        rowGap: 0.5,
        columnGap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {open.map((k) => {
        const link = openOrdersLink(k.kind);
        const name = translate(`resources.dashboard.kinds.${k.kind}`);
        return (
          <Box
            component="li"
            key={k.kind}
            data-testid={`today-exposure-${k.kind}`}
            sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ minWidth: '5em' }}>
              {link && mayOpen(link) ? (
                <Link component={RouterLink} to={link} underline="hover">
                  {name}
                </Link>
              ) : (
                name
              )}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {k.open.map((s) => `${s.currency} ${formatMoney(s.amount)}`).join(' · ')}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The figures a supervisor comes for, first on the dashboard: today's deposits, withdrawals and new clients (the
 * tenant's day), what waits for me in the approval queue, and the open orders per product now; each card opens its
 * list, filtered to what it counts. The statistics over a range follow.
 */
export function TodayPanel() {
  const translate = useTranslate();
  const zone = useTenantZone();
  const shell = useShellMenu();
  // today is the tenant's day: asked once its zone is known (the browser's day differs for hours a day)
  const range: DayRange = today(new Date(), zone);
  const summary = useDashboard('summary', range, !!zone);
  const product = useDashboard('product', range, !!zone);
  const links = todayLinks(range.from);
  const mayOpen = (path: string) => shell.paths.has(path.split('?')[0]);
  const t = (key: string) => translate(`resources.dashboard.today.${key}`);
  // a figure not (yet) known: a placeholder while it loads, a dash when it failed (the alert above says so)
  const pending =
    summary.error || product.error ? <Typography color="text.secondary">—</Typography> : <Skeleton height={32} />;
  return (
    <Box component="section" aria-label={t('title')} data-testid="dashboard-today">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {(summary.error || product.error) && (
        <Alert
          severity="error"
          sx={{ mb: 1.5 }}
          data-testid="today-error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void Promise.all([summary.error && summary.refetch(), product.error && product.refetch()])}
            >
              {translate('resources.dashboard.retry')}
            </Button>
          }
        >
          {withRequestId(translate, summary.error ?? product.error, translate('resources.dashboard.loadFailed'))}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(auto-fill, minmax(220px, 1fr))',
          },
        }}
      >
        <TodayCard
          title={t('deposits')}
          to={mayOpen(links.deposits) ? links.deposits : undefined}
          testId="today-deposits"
        >
          {summary.data ? <CurrencyLines sums={summary.data.deposits} testId="today-deposits" oneLine /> : pending}
        </TodayCard>
        <TodayCard
          title={t('withdrawals')}
          to={mayOpen(links.withdrawals) ? links.withdrawals : undefined}
          testId="today-withdrawals"
        >
          {summary.data ? (
            <CurrencyLines sums={summary.data.withdrawals} testId="today-withdrawals" oneLine />
          ) : (
            pending
          )}
        </TodayCard>
        <TodayCard title={t('clients')} to={mayOpen(links.clients) ? links.clients : undefined} testId="today-clients">
          {summary.data ? (
            <>
              <Figure value={summary.data.clients.new.toLocaleString('en-US')} testId="today-clients-new" />
              <Typography variant="caption" color="text.secondary">
                {translate('resources.dashboard.today.real', { count: summary.data.clients.new_real })}
              </Typography>
            </>
          ) : (
            pending
          )}
        </TodayCard>
        {mayOpen(links.approvals) && <ApprovalsCard title={t('approvals')} to={links.approvals} />}
        <Box sx={{ gridColumn: { xs: 'auto', md: 'span 2' }, minWidth: 0 }}>
          <TodayCard title={t('exposure')} testId="today-exposure">
            {product.data ? <ExposureLines kinds={product.data.kinds} mayOpen={mayOpen} /> : pending}
          </TodayCard>
        </Box>
      </Box>
    </Box>
  );
}
