import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { TeamProductStats } from './api';
import { CardGrid } from './CardGrid';
import { KindCard } from './KindCard';

/** The Team Product Stat tab: per team, the kinds that have any figure (a card each). */
export function TeamProductTab({ data }: { data: TeamProductStats }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`resources.dashboard.${k}`);
  if (!data.teams.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('team.none')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {data.teams.map((team) => {
        const id = `team-product-${team.leader_id ?? 'none'}`;
        const kinds = team.kinds.filter((k) => k.open.length || k.placed.length || k.arrears.length);
        return (
          <Card variant="outlined" key={id} data-testid={id}>
            <CardHeader
              title={team.leader_name ?? t('team.unassigned')}
              subheader={team.leader_id === null ? undefined : t('team.leader')}
              titleTypographyProps={{ variant: 'subtitle1' }}
              sx={{ pb: 0 }}
            />
            <CardContent>
              {kinds.length ? (
                <CardGrid min={220}>
                  {kinds.map((row) => (
                    <KindCard key={row.kind} row={row} testId={`${id}-${row.kind}`} />
                  ))}
                </CardGrid>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('empty')}
                </Typography>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
