import { useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTenantZone } from '../../resources/engine/timeZone';
import { useCan } from '../permissions/useCan';
import { useDashboard, type DayRange, type Part } from './api';
import { DateRangeBar } from './DateRangeBar';
import { ProductTab } from './ProductTab';
import { thisMonth, validRange } from './range';
import { StatState } from './StatState';
import { SummaryTab } from './SummaryTab';
import { TeamProductTab } from './TeamProductTab';
import { TeamTab } from './TeamTab';

const TABS: { part: Part; label: string; team?: boolean }[] = [
  { part: 'summary', label: 'summary' },
  { part: 'product', label: 'product' },
  { part: 'team', label: 'team', team: true },
  { part: 'team_product', label: 'teamProduct', team: true },
];

/** The part of the open tab, fetched for the range (only the open tab is fetched). */
function TabBody({ part, range }: { part: Part; range: DayRange }) {
  const enabled = validRange(range);
  const summary = useDashboard('summary', range, enabled && part === 'summary');
  const product = useDashboard('product', range, enabled && part === 'product');
  const team = useDashboard('team', range, enabled && part === 'team');
  const teamProduct = useDashboard('team_product', range, enabled && part === 'team_product');
  switch (part) {
    case 'summary':
      return <StatState query={summary}>{(d) => <SummaryTab data={d} />}</StatState>;
    case 'product':
      return <StatState query={product}>{(d) => <ProductTab data={d} />}</StatState>;
    case 'team':
      return <StatState query={team}>{(d) => <TeamTab data={d} />}</StatState>;
    default:
      return <StatState query={teamProduct}>{(d) => <TeamProductTab data={d} />}</StatState>;
  }
}

/**
 * The statistics tabs of spec section 2 (Summary, Product, Team Stat, Team Product Stat) over a date range (default
 * this month). The team tabs show only to those who may read them (teamstat: team leaders; stat: supervisors).
 */
export function StatisticsPanel() {
  const translate = useTranslate();
  const tenantZone = useTenantZone();
  const teamstat = useCan('teamstat', 'read');
  const stat = useCan('stat', 'read');
  const tabs = TABS.filter((t) => !t.team || teamstat || stat);
  const [selected, setSelected] = useState<Part>('summary');
  const part = tabs.some((t) => t.part === selected) ? selected : 'summary';
  // Days are the tenant's: its zone is known from the first answer, and until the user picks a range the default
  // (this month) is counted in it, not in the browser's zone (they differ for hours a day elsewhere on the globe).
  const [picked, setRange] = useState<DayRange>();
  const [answeredZone, setZone] = useState<string>();
  const zone = answeredZone ?? tenantZone;
  const range = picked ?? thisMonth(new Date(), zone);
  const answered = useDashboard(part, range, false).data?.time_zone;
  useEffect(() => {
    if (answered) setZone(answered);
  }, [answered]);
  return (
    <Card variant="outlined" data-testid="dashboard-stats">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('resources.dashboard.statistic')}
        </Typography>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={part}
            onChange={(_, v: Part) => setSelected(v)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            data-testid="dashboard-tabs"
          >
            {tabs.map((t) => (
              <Tab
                key={t.part}
                value={t.part}
                label={translate(`resources.dashboard.tabs.${t.label}`)}
                data-testid={`stats-tab-${t.part}`}
              />
            ))}
          </Tabs>
        </Box>
        <Box sx={{ mb: 2 }}>
          <DateRangeBar value={range} onChange={setRange} zone={zone} />
        </Box>
        <TabBody part={part} range={range} />
      </CardContent>
    </Card>
  );
}
