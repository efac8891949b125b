import { useState } from 'react';
import { Box, Button, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Guard } from '../../../src/permissions/Guard';
import { useCan } from '../../../src/permissions/useCan';
import ClientPermissions from '../../trading_permission/ClientPermissions';
import LoadState from './LoadState';
import { clientApi, saveTradeSettings, type TradeSettings } from './api';
import { useClientMutation, useClientQuery } from './useClientQuery';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { serverText } from '../dialogs/errors';

/** The settings as edited: the two switches, and the two numbers as typed. */
interface Draft {
  buy_enabled: boolean;
  sell_enabled: boolean;
  max_leverage: string;
  daily_limit: string;
}

const SWITCHES = ['buy_enabled', 'sell_enabled'] as const;
const LEVERAGE = /^\d{1,3}$/;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

/**
 * Reads and saves the client's trade settings (GET and POST /client/admin/v1/trade/{id}), and below them the client's
 * own trading permission per product with the effective answer (resources/trading_permission/ClientPermissions).
 */
export default function TradeSettingsTab({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const state = useClientQuery(clientApi.tradeSettings, clientId);
  const mayUpdate = useCan('client', 'update');
  return (
    <Stack spacing={2}>
      <LoadState state={state}>{(settings) => <TradeSettingsForm clientId={clientId} initial={settings} />}</LoadState>
      <Divider />
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary' }}>
        {translate('resources.trading_permission.client.title')}
      </Typography>
      <ClientPermissions clientId={clientId} editable={mayUpdate} />
    </Stack>
  );
}

function TradeSettingsForm({ clientId, initial }: { clientId: number | string; initial: TradeSettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  // Once saved, the settings are read again.
  const saveSettings = useClientMutation(
    clientId,
    (settings: TradeSettings) => saveTradeSettings(dataProvider, clientId, settings),
    [clientApi.tradeSettings.part],
  );
  const [values, setValues] = useState<Draft>({
    buy_enabled: initial.buy_enabled,
    sell_enabled: initial.sell_enabled,
    max_leverage: String(initial.max_leverage ?? ''),
    daily_limit: initial.daily_limit ?? '',
  });
  const saving = saveSettings.isPending;
  const label = (key: keyof Draft) => translate(`client.trade.fields.${key}`);
  const leverage = values.max_leverage.trim();
  const limit = values.daily_limit.trim();
  const invalid = {
    max_leverage: !LEVERAGE.test(leverage) || Number(leverage) < 1 || Number(leverage) > 100,
    daily_limit: limit !== '' && !DECIMAL.test(limit),
  };
  const blocked = invalid.max_leverage || invalid.daily_limit;

  const save = async () => {
    if (blocked || saving) return;
    try {
      await saveSettings.mutateAsync({
        buy_enabled: values.buy_enabled,
        sell_enabled: values.sell_enabled,
        max_leverage: Number(leverage),
        daily_limit: limit === '' ? null : limit,
      });
      notify('client.trade.saved', { type: 'success' });
    } catch (err) {
      const text = serverText(err, translate);
      notify(text ?? 'client.trade.saveFailed', { type: 'error', messageArgs: text ? { _: text } : undefined });
    }
  };

  return (
    <Stack spacing={2} data-testid="trade-settings">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {SWITCHES.map((key) => (
          <FormControlLabel
            key={key}
            label={label(key)}
            control={
              <Switch
                name={key}
                checked={values[key]}
                onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
              />
            }
          />
        ))}
        <TextField
          name="max_leverage"
          size="small"
          label={label('max_leverage')}
          type="number"
          inputProps={{ min: 1, max: 100, step: 1 }}
          value={values.max_leverage}
          error={invalid.max_leverage}
          helperText={invalid.max_leverage ? translate('client.trade.invalidNumber') : undefined}
          onChange={(e) => setValues((v) => ({ ...v, max_leverage: e.target.value }))}
        />
        <TextField
          name="daily_limit"
          size="small"
          label={label('daily_limit')}
          inputProps={{ inputMode: 'decimal' }}
          value={values.daily_limit}
          error={invalid.daily_limit}
          helperText={translate(invalid.daily_limit ? 'client.trade.invalidNumber' : 'client.trade.noLimit')}
          onChange={(e) => setValues((v) => ({ ...v, daily_limit: e.target.value }))}
        />
      </Box>
      <Box>
        <Guard resource="client" action="update" mode="disable">
          <Button variant="contained" onClick={save} disabled={saving || blocked} data-testid="trade-save">
            {translate('client.trade.save')}
          </Button>
        </Guard>
      </Box>
    </Stack>
  );
}
