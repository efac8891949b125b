import { useState, type ComponentType } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import AccessRecordsTab from './AccessRecordsTab';
import BankCardsTab from './BankCardsTab';
import HoldingsTab from './HoldingsTab';
import KycTab from './KycTab';
import NomineeTab from './NomineeTab';
import TradeSettingsTab from './TradeSettingsTab';

/** The drawer's sub-tabs in spec order; each loads its data when first shown. */
const TABS: { key: string; component: ComponentType<{ clientId: number | string }> }[] = [
  { key: 'kyc', component: KycTab },
  { key: 'trade', component: TradeSettingsTab },
  { key: 'access', component: AccessRecordsTab },
  { key: 'bank', component: BankCardsTab },
  { key: 'nominee', component: NomineeTab },
  { key: 'holdings', component: HoldingsTab },
];

/** Real-name info, trade settings, access records, bank cards, beneficiary and holdings of the client. */
export default function ClientTabs({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const [active, setActive] = useState(0);
  const Current = TABS[active].component;
  return (
    <Box component="section">
      <Tabs
        value={active}
        onChange={(_, index: number) => setActive(index)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('client.tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab, i) => (
          <Tab
            key={tab.key}
            label={translate(`client.tabs.${tab.key}`)}
            id={`client-tab-${tab.key}`}
            aria-controls={`client-tabpanel-${tab.key}`}
            data-testid={`client-tab-${tab.key}`}
            value={i}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`client-tabpanel-${TABS[active].key}`}
        aria-labelledby={`client-tab-${TABS[active].key}`}
        sx={{ pt: 2 }}
      >
        <Current key={`${TABS[active].key}-${clientId}`} clientId={clientId} />
      </Box>
    </Box>
  );
}
