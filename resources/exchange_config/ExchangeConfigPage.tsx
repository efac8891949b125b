import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { RaRecord } from 'ra-core';
import { useTranslate } from 'react-admin';
import type { CurrencyRateRow } from '../../domain/exchange-config';
import { errorText } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { ActionButton } from '../engine/ActionButton';
import { FieldValue } from '../engine/FieldValue';
import { ResourceList } from '../engine/ResourceList';
import { ROW_ACTIONS_CLASS, RowActions, stickyRowActions } from '../engine/RowActions';
import { fieldLabel, listFields } from '../engine/schema';
import type { ResourceConfig, ViewProps } from '../engine/types';
import { currentRatesConfig, newRate, rateHistoryConfig } from './index';

const current = currentRatesConfig as unknown as ResourceConfig;
const history = rateHistoryConfig as unknown as ResourceConfig;

/** A table of rate rows (the current rates with their change action, or the history). */
function RatePanel({
  config,
  path,
  title,
  testId,
}: {
  config: ResourceConfig;
  path: string;
  title: string;
  testId: string;
}) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const rows = useQuery({
    queryKey: ['exchange_config', testId],
    queryFn: () => dataProvider.call<{ data: CurrencyRateRow[] }>(path),
    retry: false,
  });
  // the column chooser is the generated list's: here hidden columns (the row id, who and when entered) stay out
  const fields = listFields(config).filter((f) => !f.hidden);
  const withActions = !!config.rowActions?.length;
  return (
    <Paper variant="outlined" sx={{ mt: 1, mb: 2, minWidth: 0 }} data-testid={testId}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
          {translate(`resources.exchange_config.sections.${title}`)}
        </Typography>
        {withActions && <ActionButton config={current} action={newRate as never} />}
      </Stack>
      {rows.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {rows.error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(translate, rows.error)}
        </Alert>
      ) : (
        // a region of its own that takes the focus, so that the keyboard scrolls it too (WCAG 2.1.1)
        <Box
          tabIndex={0}
          role="region"
          aria-label={translate(`resources.exchange_config.sections.${title}`)}
          sx={{ overflowX: 'auto', maxHeight: 360 }}
        >
          <Table
            size="small"
            stickyHeader
            sx={(theme) => ({ '& th, & td': { whiteSpace: 'nowrap' }, ...stickyRowActions(theme) })}
          >
            <TableHead>
              <TableRow>
                {fields.map((f) => (
                  <TableCell key={f.source}>{translate(fieldLabel(config, f))}</TableCell>
                ))}
                {withActions && <TableCell className={ROW_ACTIONS_CLASS}>{translate('engine.list.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows.data?.data ?? []).map((row) => (
                <TableRow key={row.id} data-testid={`${testId}-${row.primary}-${row.secondary}`}>
                  {fields.map((f) => (
                    <TableCell key={f.source}>
                      <FieldValue field={f} record={row as unknown as RaRecord} cell />
                    </TableCell>
                  ))}
                  {withActions && (
                    <TableCell className={ROW_ACTIONS_CLASS}>
                      <RowActions config={config} record={row as unknown as RaRecord} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/** Exchanges and rates: the current rates, the history of their changes, then the exchanges (the generated list). */
export default function ExchangeConfigPage({ config }: ViewProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <RatePanel config={current} path={current.endpoints.list!} title="rates" testId="current-rates" />
      <RatePanel
        config={history}
        path={`${history.endpoints.list!}?page_size=20&sort=id&order=desc`}
        title="history"
        testId="rate-history"
      />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {translate('resources.exchange_config.sections.exchanges')}
      </Typography>
      <ResourceList config={config} />
    </Box>
  );
}
