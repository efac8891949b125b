import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One stat group: a titled card. */
export function FigureCard({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
