import Stack from '@mui/material/Stack';
import { ProfileCard } from './ProfileCard';
import { StatisticsPanel } from './StatisticsPanel';

/** /dashboard: the signed-in staff member's profile group first, then the statistics tabs. */
export default function DashboardPage() {
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ProfileCard />
      <StatisticsPanel />
    </Stack>
  );
}
