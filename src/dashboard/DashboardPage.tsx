import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { ProfileCard } from './ProfileCard';

// The figures load after the shell: the landing page's first chunk stays within the shell's budget.
const TodayPanel = lazy(() => import('./TodayPanel').then((m) => ({ default: m.TodayPanel })));
const StatisticsPanel = lazy(() => import('./StatisticsPanel').then((m) => ({ default: m.StatisticsPanel })));

/**
 * /dashboard: the statistics first (today's figures, each opening its list, then the statistics over a range), the
 * signed-in staff member's profile a small card at the side (below them on narrower screens).
 */
export default function DashboardPage() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 260px' },
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Suspense fallback={<LinearProgress />}>
          <TodayPanel />
        </Suspense>
        <Suspense fallback={<LinearProgress />}>
          <StatisticsPanel />
        </Suspense>
      </Stack>
      <ProfileCard />
    </Box>
  );
}
