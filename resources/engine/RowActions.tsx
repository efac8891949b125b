import { Box } from '@mui/material';
import type { RaRecord } from 'ra-core';
import { ActionButton } from './ActionButton';
import type { ResourceConfig } from './types';

/** The row actions that apply to a record; clicks inside do not reach the row. */
export function RowActions({ config, record }: { config: ResourceConfig; record: RaRecord }) {
  const actions = (config.rowActions ?? []).filter((a) => !a.when || a.when(record));
  if (!actions.length) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}
      onClick={(e) => e.stopPropagation()}
      data-testid="row-actions"
    >
      {actions.map((action) => (
        <ActionButton key={action.name} config={config} action={action} record={record} />
      ))}
    </Box>
  );
}
