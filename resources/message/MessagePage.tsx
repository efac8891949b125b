import { Box, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useStore, useTranslate } from 'ra-core';
import { ResourceList } from '../engine/ResourceList';
import type { ResourceConfig, ViewProps } from '../engine/types';
import { templateConfig } from './templates';

/**
 * The message page: the messages (the generated list of the message resource) and, on a second tab, the templates
 * (their own generated list, resource `message_template`, granted by `message`).
 */
export default function MessagePage({ config }: ViewProps) {
  const translate = useTranslate();
  // the tab a staff member last chose (react-admin's store: kept across reloads of this browser)
  const [tab, setTab] = useStore<'messages' | 'templates'>('message.tab', 'messages');
  const choose = (_e: unknown, value: 'messages' | 'templates') => setTab(value);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={choose} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="messages" label={translate('resources.message.tabs.messages')} data-testid="message-tab-messages" />
        <Tab
          value="templates"
          label={translate('resources.message.tabs.templates')}
          data-testid="message-tab-templates"
        />
      </Tabs>
      {tab === 'messages' ? (
        <ResourceList config={config} />
      ) : (
        <ResourceContextProvider value={templateConfig.name}>
          <ResourceList config={templateConfig as unknown as ResourceConfig} />
        </ResourceContextProvider>
      )}
    </Box>
  );
}
