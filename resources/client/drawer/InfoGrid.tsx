import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One labelled value of an InfoGrid; rows whose `value` is null are left out. */
export interface InfoItem {
  key: string;
  label: string;
  value: ReactNode | null;
}

/** Labelled values in a responsive two-column grid; empty values are hidden. */
export default function InfoGrid({ items, testId }: { items: InfoItem[]; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {items
        .filter((item) => item.value !== null)
        .map((item) => (
          <Box key={item.key} data-field={item.key} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
              {item.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {item.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
