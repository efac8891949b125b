import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { TradeProductRow } from '../../domain/trade-config';
import { errorText } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { FieldValue } from '../engine/FieldValue';
import { ResourceList } from '../engine/ResourceList';
import { ROW_ACTIONS_CLASS, RowActions, stickyRowActions } from '../engine/RowActions';
import { fieldLabel, listFields } from '../engine/schema';
import type { ResourceConfig, ViewProps } from '../engine/types';
import { productConfig as declared, type TradeProductRecord } from './index';

/** The products' declaration as the engine's components take it. */
const productConfig = declared as unknown as ResourceConfig;

/** The eight products' settings in one table (a list page refresh reads them again), each with its edit action. */
function ProductPanel() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const products = useQuery({
    queryKey: ['trade_config', 'products'],
    queryFn: () => dataProvider.call<{ data: TradeProductRow[] }>(productConfig.endpoints.list!),
    retry: false,
  });
  const fields = listFields(productConfig);
  return (
    <Paper variant="outlined" sx={{ mt: 1, mb: 2, minWidth: 0 }} data-testid="trade-products">
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 500 }}>
        {translate('resources.trade_config.sections.products')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {translate('resources.trade_config.sections.productsHint')}
      </Typography>
      {products.isPending && <LinearProgress />}
      {products.error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(translate, products.error)}
        </Alert>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          {/* the edit action stays in view at the right edge while the settings scroll sideways under it */}
          <Table size="small" sx={(theme) => ({ '& th, & td': { whiteSpace: 'nowrap' }, ...stickyRowActions(theme) })}>
            <TableHead>
              <TableRow>
                {fields.map((f) => (
                  <TableCell key={f.source} align={f.type === 'money' || f.type === 'number' ? 'right' : undefined}>
                    {translate(fieldLabel(productConfig, f))}
                  </TableCell>
                ))}
                <TableCell className={ROW_ACTIONS_CLASS}>{translate('engine.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(products.data?.data ?? []).map((row) => (
                <TableRow key={row.id} data-testid={`trade-product-${row.id}`}>
                  {fields.map((f) => (
                    <TableCell key={f.source} align={f.type === 'money' || f.type === 'number' ? 'right' : undefined}>
                      {/* the sessions in full: they are the row's point */}
                      <FieldValue field={f} record={row as TradeProductRecord} cell={f.source !== 'sessions'} />
                    </TableCell>
                  ))}
                  <TableCell className={ROW_ACTIONS_CLASS}>
                    <RowActions config={productConfig} record={row as TradeProductRecord} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/** Trade configuration: the products' settings, then the global configs (the generated list). */
export default function TradeConfigPage({ config }: ViewProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <ProductPanel />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {translate('resources.trade_config.sections.globals')}
      </Typography>
      <ResourceList config={config} />
    </Box>
  );
}
