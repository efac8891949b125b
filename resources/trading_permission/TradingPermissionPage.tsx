import { useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clientSearch } from '../clientChoices';
import { ResourceList } from '../engine/ResourceList';
import { SearchPicker } from '../engine/SearchPicker';
import type { Choice, ViewProps } from '../engine/types';
import ClientPermissions from './ClientPermissions';

const t = (key: string) => `resources.trading_permission.${key}`;

/**
 * A client's effective answer, the client searched by username, full name or mobile (read-only: his own rules are
 * edited in his drawer).
 */
function Lookup() {
  const translate = useTranslate();
  const [picked, setPicked] = useState<Choice | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
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
          if (picked) setClientId(String(picked.id));
        }}
      >
        <SearchPicker
          search={clientSearch}
          value={picked?.id ?? null}
          onChange={setPicked}
          textProps={{ label: translate(t('lookup.client')), size: 'small' }}
          sx={{ width: 280, maxWidth: '100%' }}
        />
        <Button type="submit" variant="outlined" disabled={!picked} data-testid="permission-lookup-go">
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
