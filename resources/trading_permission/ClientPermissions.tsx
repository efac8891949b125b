import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { pathOf } from '../../domain/entity';
import type { TradeProduct } from '../../domain/trade-config';
import { tradingPermission, type EffectivePermissions } from '../../domain/trading-permission';
import { errorText } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';

const t = (key: string) => `resources.trading_permission.${key}`;
/** The query key of a client's effective permissions (the drawer and the rules page share it). */
export const effectiveKey = (clientId: number | string) => ['trading_permission', 'effective', String(clientId)];

type Own = 'inherit' | 'allow' | 'deny';
const ownOf = (v: boolean | null): Own => (v === null ? 'inherit' : v ? 'allow' : 'deny');
const valueOf = (v: Own): boolean | null => (v === 'inherit' ? null : v === 'allow');

/**
 * A client's effective trading permissions per product (GET /trading_permission/admin/v1/effective/{id}): what the
 * rules say and which level decided (client > team > VIP level > default), whether the product is open, and the
 * result. `editable`: the client's own rule of each product is a choice (inherit, allow, deny) saved with
 * PUT /trading_permission/admin/v1/client/{id} (the client drawer's trade-settings tab).
 */
export default function ClientPermissions({ clientId, editable }: { clientId: number | string; editable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const effective = useQuery({
    queryKey: effectiveKey(clientId),
    queryFn: ({ signal }) =>
      dataProvider.call<EffectivePermissions>(pathOf(tradingPermission.paths.effective, clientId), { signal }),
    retry: false,
  });
  const [draft, setDraft] = useState<Partial<Record<TradeProduct, Own>>>({});
  useEffect(() => setDraft({}), [effective.data]);
  const save = useMutation({
    mutationFn: (rules: Partial<Record<TradeProduct, boolean | null>>) =>
      dataProvider.call<EffectivePermissions>(pathOf(tradingPermission.paths.client, clientId), {
        method: 'PUT',
        body: { rules },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(effectiveKey(clientId), answer);
      notify(t('client.saved'), { type: 'success' });
    },
    onError: (err) => {
      const text = errorText(translate, err, t('client.saveFailed'));
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
  });

  if (effective.error) return <Alert severity="error">{errorText(translate, effective.error)}</Alert>;
  if (!effective.data) return <LinearProgress />;
  const changed = Object.entries(draft).filter(
    ([p, v]) => v !== ownOf(effective.data.products.find((x) => x.product === p)?.own ?? null),
  );
  return (
    <Box data-testid="client-permissions">
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(t('fields.product'))}</TableCell>
              {editable && <TableCell>{translate(t('client.own'))}</TableCell>}
              <TableCell>{translate(t('client.rules'))}</TableCell>
              <TableCell>{translate(t('client.source'))}</TableCell>
              <TableCell>{translate(t('client.tradable'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {effective.data.products.map((p) => (
              <TableRow key={p.product} data-testid={`permission-${p.product}`}>
                <TableCell>{translate(t(`product_values.${p.product}`))}</TableCell>
                {editable && (
                  <TableCell sx={{ py: 0.5 }}>
                    <TextField
                      select
                      size="small"
                      variant="standard"
                      value={draft[p.product] ?? ownOf(p.own)}
                      onChange={(e) => setDraft((d) => ({ ...d, [p.product]: e.target.value as Own }))}
                      slotProps={{ htmlInput: { 'aria-label': translate(t(`product_values.${p.product}`)) } }}
                      sx={{ minWidth: 96 }}
                    >
                      {(['inherit', 'allow', 'deny'] as const).map((o) => (
                        <MenuItem key={o} value={o}>
                          {translate(t(`client.${o}`))}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                )}
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={p.allowed ? 'success' : 'error'}
                    label={translate(t(`allowed_values.${p.allowed}`))}
                  />
                </TableCell>
                <TableCell>{translate(t(`client.from.${p.source}`))}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={p.tradable ? 'success' : 'default'}
                    label={translate(t(p.tradable ? 'client.yes' : p.product_enabled ? 'client.no' : 'client.closed'))}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(t('client.precedence'))}
      </Typography>
      {editable && (
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={!changed.length || save.isPending}
          onClick={() => save.mutate(Object.fromEntries(changed.map(([p, v]) => [p, valueOf(v as Own)])))}
          data-testid="permissions-save"
        >
          {translate(t('client.save'))}
        </Button>
      )}
    </Box>
  );
}
