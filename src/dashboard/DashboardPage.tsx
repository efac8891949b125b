import { ProfileCard } from './ProfileCard';

/** /dashboard: for now only the signed-in staff member's profile group (statistics come in a later issue). */
export default function DashboardPage() {
  return <ProfileCard />;
}
