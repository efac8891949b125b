import { useState } from 'react';
import { Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Guard } from '../../../permissions/Guard';
import LoadState from './LoadState';
import { clientApi } from './api';
import { useLoad } from './useLoad';
import { serverText } from '../dialogs/errors';

type Settings = Record<string, unknown>;

/** Keys of the settings object that identify it rather than configure trading. */
const HIDDEN_KEYS = new Set(['id', 'client_id', 'tenant_id', 'created_at', 'updated_at']);

/** Reads and saves the client's trade settings (GET and POST /client/admin/v1/trade/{id}). */
export default function TradeSettingsTab({ clientId }: { clientId: number | string }) {
  const state = useLoad(String(clientId), () => clientApi.tradeSettings(clientId));
  return (
    <LoadState state={state}>
      {(settings) => <TradeSettingsForm clientId={clientId} initial={settings} onSaved={state.reload} />}
    </LoadState>
  );
}

function TradeSettingsForm({
  clientId,
  initial,
  onSaved,
}: {
  clientId: number | string;
  initial: Settings;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Settings>(initial);
  const [saving, setSaving] = useState(false);
  const keys = Object.keys(initial).filter(
    (k) => !HIDDEN_KEYS.has(k) && (initial[k] === null || typeof initial[k] !== 'object'),
  );
  const label = (key: string) => translate(`client.trade.fields.${key}`, { _: key });
  const numeric = (key: string) => typeof initial[key] === 'number';
  const invalid = keys.filter((k) => numeric(k) && (values[k] === '' || !Number.isFinite(Number(values[k]))));

  if (!keys.length) return <Typography color="text.secondary">{translate('client.trade.empty')}</Typography>;

  const save = async () => {
    if (invalid.length || saving) return;
    setSaving(true);
    const body = Object.fromEntries(keys.map((k) => [k, numeric(k) ? Number(values[k]) : values[k]]));
    try {
      await clientApi.saveTradeSettings(clientId, body);
      notify('client.trade.saved', { type: 'success' });
      onSaved();
    } catch (err) {
      const text = serverText(err);
      notify(text ?? 'client.trade.saveFailed', { type: 'error', messageArgs: text ? { _: text } : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="trade-settings">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {keys.map((key) =>
          typeof initial[key] === 'boolean' ? (
            <FormControlLabel
              key={key}
              label={label(key)}
              control={
                <Switch
                  name={key}
                  checked={values[key] === true}
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
                />
              }
            />
          ) : (
            <TextField
              key={key}
              name={key}
              size="small"
              label={label(key)}
              type={numeric(key) ? 'number' : 'text'}
              value={values[key] ?? ''}
              error={invalid.includes(key)}
              helperText={invalid.includes(key) ? translate('client.trade.invalidNumber') : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            />
          ),
        )}
      </Box>
      <Box>
        <Guard resource="client" action="update" mode="disable">
          <Button variant="contained" onClick={save} disabled={saving || invalid.length > 0} data-testid="trade-save">
            {translate('client.trade.save')}
          </Button>
        </Guard>
      </Box>
    </Stack>
  );
}
