import { useState } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ResourceList } from '../engine/ResourceList';
import type { ViewProps } from '../engine/types';
import ClientPermissions from './ClientPermissions';

const t = (key: string) => `resources.trading_permission.${key}`;

/** A client's effective answer by client id (read-only: the client's own rules are edited in his drawer). */
function Lookup() {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const valid = /^[1-9]\d{0,15}$/.test(typed.trim());
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 1, mb: 1 }} data-testid="permission-lookup">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {translate(t('lookup.title'))}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        sx={{ my: 1, alignItems: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setClientId(typed.trim());
        }}
      >
        <TextField
          size="small"
          label={translate(t('lookup.clientId'))}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button type="submit" variant="outlined" disabled={!valid} data-testid="permission-lookup-go">
          {translate(t('lookup.go'))}
        </Button>
      </Stack>
      {clientId && <ClientPermissions key={clientId} clientId={clientId} editable={false} />}
    </Paper>
  );
}

/** Trading permissions: a client's effective answer above the generated list of rules. */
export default function TradingPermissionPage({ config }: ViewProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Lookup />
      <ResourceList config={config} />
    </Box>
  );
}
