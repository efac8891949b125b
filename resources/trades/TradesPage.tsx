import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { ResourceList } from '../engine/ResourceList';
import type { ViewProps } from '../engine/types';
import { ordersOf } from './pages';

const TABS = ['products', 'orders'] as const;

/**
 * A trades page: the kind's products and its orders, one tab each (each list keeps its own filters: a tab change
 * leaves the other list's query out of the address).
 */
export default function TradesPage({ config }: ViewProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('products');
  const orders = ordersOf(config.name);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_e, next: (typeof TABS)[number]) => {
          navigate(pathname, { replace: true });
          setTab(next);
        }}
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`resources.trades.tabs.${name}`)}
            data-testid={`trades-tab-${name}`}
          />
        ))}
      </Tabs>
      {tab === 'products' || !orders ? <ResourceList config={config} /> : <ResourceList config={orders} />}
    </Box>
  );
}
