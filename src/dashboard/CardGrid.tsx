import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Cards side by side as the width allows (one column on a phone). */
export function CardGrid({ children, min = 240 }: { children: ReactNode; min?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(auto-fill, minmax(${min}px, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}
