import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ClientCounts, MoneyFigures, TeamStats } from './api';
import { CurrencyLines } from './CurrencyLines';

/** "12 (real 10, robot 2, new 3)" */
function Clients({ c, testId }: { c: ClientCounts; testId: string }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`resources.dashboard.clients.${k}`);
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
        {c.total.toLocaleString('en-US')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
        {t('real')} {c.real} · {t('robot')} {c.robot} · {t('new')} {c.new}
      </Typography>
    </Box>
  );
}

/** A row of figures: name, clients, deposits, withdrawals. */
function FiguresRow({ name, role, f, testId }: { name: string; role?: string; f: MoneyFigures; testId: string }) {
  return (
    <TableRow data-testid={testId}>
      <TableCell sx={{ minWidth: 110 }}>
        <Typography variant="body2">{name}</Typography>
        {role ? (
          <Typography variant="caption" color="text.secondary">
            {role}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Clients c={f.clients} testId={`${testId}-clients`} />
      </TableCell>
      <TableCell>
        <CurrencyLines sums={f.deposits} testId={`${testId}-deposits`} oneLine />
      </TableCell>
      <TableCell>
        <CurrencyLines sums={f.withdrawals} testId={`${testId}-withdrawals`} oneLine />
      </TableCell>
    </TableRow>
  );
}

/** The Team Stat tab: a card per team with its total and a row per member. */
export function TeamTab({ data }: { data: TeamStats }) {
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
        const id = `team-${team.leader_id ?? 'none'}`;
        return (
          <Card variant="outlined" key={id} data-testid={id}>
            <CardHeader
              title={team.leader_name ?? t('team.unassigned')}
              subheader={team.leader_id === null ? undefined : t('team.leader')}
              titleTypographyProps={{ variant: 'subtitle1' }}
              sx={{ pb: 0 }}
            />
            <CardContent sx={{ overflowX: 'auto', '&:last-child': { pb: 1 } }}>
              <Table size="small" sx={{ minWidth: 520 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('team.agent')}</TableCell>
                    <TableCell>{t('groups.clients')}</TableCell>
                    <TableCell>{t('groups.deposits')}</TableCell>
                    <TableCell>{t('groups.withdrawals')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <FiguresRow name={t('team.totals')} f={team} testId={`${id}-total`} />
                  {team.agents.map((a) => (
                    <FiguresRow
                      key={a.agent_id ?? 'none'}
                      name={a.agent_name ?? t('team.noAgent')}
                      role={a.role ? translate(`shell.roles.${a.role}`, { _: a.role }) : undefined}
                      f={a}
                      testId={`${id}-agent-${a.agent_id ?? 'none'}`}
                    />
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
