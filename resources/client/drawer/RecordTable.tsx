import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Row } from './api';
import { isEmpty } from './format';

/** One column of a RecordTable: the row field, its label key and an optional renderer. */
export interface Column {
  source: string;
  label: string;
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

/** A read-only table of sub-tab rows; the empty-state text when there are none. */
export default function RecordTable({ rows, columns, testId }: { rows: Row[]; columns: Column[]; testId?: string }) {
  const translate = useTranslate();
  if (!rows.length) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={testId ? `${testId}-empty` : undefined}>
        {translate('client.tabs.empty')}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.source} align={c.align}>
                {translate(c.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={String(row.id ?? i)}>
              {columns.map((c) => {
                const value = c.render ? c.render(row) : row[c.source];
                return (
                  <TableCell key={c.source} align={c.align}>
                    {isEmpty(value) ? '-' : (value as ReactNode)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
