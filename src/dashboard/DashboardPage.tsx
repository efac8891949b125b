import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { ProfileCard } from './ProfileCard';

// The statistics load after the profile card: the landing page's first chunk stays within the shell's budget.
const StatisticsPanel = lazy(() => import('./StatisticsPanel').then((m) => ({ default: m.StatisticsPanel })));

/** /dashboard: the signed-in staff member's profile group first, then the statistics tabs. */
export default function DashboardPage() {
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ProfileCard />
      <Suspense fallback={<LinearProgress />}>
        <StatisticsPanel />
      </Suspense>
    </Stack>
  );
}
