import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'ra-core';
import { Title } from 'react-admin';
import { errorText } from '../../dataProvider/errorText';
import { localeSettingDef, type LocaleView } from '../../domain/setting';
import type { AppSettings } from '../../src/services';
import { useAppSettingsSaved } from '../../src/layout/useAppInfo';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { SingleForm } from '../engine/SinglePage';
import { appForm, companyForm, productForm, SETTINGS } from './config';

const t = (key: string) => `resources.${SETTINGS}.${key}`;
const TABS = ['app', 'company', 'product', 'timezone'] as const;
type TabName = (typeof TABS)[number];

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      data-testid="settings-load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('engine.form.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/** The time zone tab: the tenant's locale settings and its time now (read-only). */
function LocaleTab() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const query = useQuery({
    queryKey: ['settings', 'locale'],
    queryFn: () => dataProvider.call<LocaleView>(localeSettingDef.paths.one!),
    retry: false,
  });
  const doc = query.data;
  if (query.error) {
    return <LoadError text={errorText(translate, query.error, t('localeFailed'))} onRetry={() => query.refetch()} />;
  }
  if (!doc) return <LinearProgress />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('hints.locale'))}
      </Typography>
      <Box
        component="dl"
        data-testid="settings-locale"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(96px, auto) 1fr', sm: '160px 1fr' },
          columnGap: 2,
          rowGap: 1.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {localeSettingDef.fields.map((f) => (
          <Box key={f.name} sx={{ display: 'contents' }}>
            <dt>{translate(t(`localeFields.${f.name}`))}</dt>
            <dd data-testid={`locale-${f.name}`}>{doc[f.name] || translate(t('empty'))}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The App settings page: tabs app config, company info, product display and time zone. A saved app config becomes
 * the console's at once (top bar name and logo, page titles).
 */
export function SettingsView() {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabName>('app');
  const appSaved = useAppSettingsSaved();
  const queryClient = useQueryClient();
  // The app config's time zone is the tenant's: the time zone tab reads it anew after a save.
  const onAppSaved = (doc: RaRecord) => {
    appSaved(doc as unknown as AppSettings);
    void queryClient.invalidateQueries({ queryKey: ['settings', 'locale'] });
  };
  const panels: Record<TabName, ReactNode> = {
    app: <SingleForm config={appForm} onSaved={onAppSaved} />,
    company: <SingleForm config={companyForm} />,
    product: <SingleForm config={productForm} />,
    timezone: <LocaleTab />,
  };
  return (
    <>
      <Title title={t('name')} />
      <Card data-testid="settings-page">
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => setTab(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={translate(t(`tabs.${name}`))} data-testid={`settings-tab-${name}`} />
          ))}
        </Tabs>
        <CardContent role="tabpanel" data-testid={`settings-panel-${tab}`}>
          {panels[tab]}
        </CardContent>
      </Card>
    </>
  );
}
