import { Box, Drawer, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { RecordContextProvider, ResourceContextProvider, ShowBase, useShowContext, useTranslate } from 'ra-core';
import { errorText } from '../../dataProvider/errorText';
import { ShowBody } from './ResourceShow';
import { RowActions } from './RowActions';
import type { DrawerProps, ResourceConfig } from './types';
import { endpointsMeta } from './define';

function DrawerContent({ config, onClose }: { config: ResourceConfig; onClose: () => void }) {
  const translate = useTranslate();
  const { record, isPending, error } = useShowContext();
  return (
    <>
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, zIndex: 1 }}
        bgcolor="background.paper"
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {translate(`resources.${config.name}.name`, { smart_count: 1 })}
          {record ? ` #${String(record.id)}` : ''}
        </Typography>
        {record && <RowActions config={config} record={record} />}
        <Tooltip title={translate('engine.action.close')}>
          <IconButton aria-label={translate('engine.action.close')} onClick={onClose} data-testid="drawer-close">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {isPending && <LinearProgress />}
      {error ? (
        <Typography color="error" sx={{ p: 2 }}>
          {errorText(translate, error)}
        </Typography>
      ) : (
        record && (
          <RecordContextProvider value={record}>
            <ShowBody config={config} />
          </RecordContextProvider>
        )
      )}
    </>
  );
}

/**
 * The generated show view (tabs, sections, related lists, row actions) in the right-side drawer a row click opens
 * (`drawer: 'show'`): half the screen wide, the whole screen on a phone.
 */
export function ShowDrawer({ config, id, onClose }: DrawerProps & { config: ResourceConfig }) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: '50%' } }, 'data-testid': 'show-drawer' } as object }}
    >
      <ResourceContextProvider value={config.name}>
        <ShowBase resource={config.name} id={id} queryOptions={{ meta: endpointsMeta(config) }}>
          <Box>
            <DrawerContent config={config} onClose={onClose} />
          </Box>
        </ShowBase>
      </ResourceContextProvider>
    </Drawer>
  );
}
