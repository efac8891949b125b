import { useState } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate, type Identifier } from 'ra-core';
import { errorText } from '../../dataProvider/errorText';
import { FieldValue } from './FieldValue';
import { fieldLabel, fillPath } from './schema';
import type { RelatedSpec, ResourceConfig } from './types';

/** The dataProvider resource of a record's sub-list (one per record: its path, which the call carries, holds the id). */
export const relatedResource = (config: ResourceConfig, related: RelatedSpec, id: Identifier): string =>
  `${config.name}.${related.name}.${id}`;

/** The title key of a sub-list. */
export const relatedLabel = (config: ResourceConfig, related: RelatedSpec): string =>
  related.label ?? `resources.${config.name}.related.${related.name}`;

/**
 * A master-detail sub-list of a record (its logins, its cards...): the list path of the record read page by page
 * through the dataProvider (react-admin's cache and error handling), its columns as declared.
 */
export function RelatedList({
  config,
  related,
  id,
  title = true,
}: {
  config: ResourceConfig;
  related: RelatedSpec;
  id: Identifier;
  /** Show the title above the table (a tab of its own already names it). */
  title?: boolean;
}) {
  const translate = useTranslate();
  const perPage = related.perPage ?? 10;
  const [page, setPage] = useState(1);
  const resource = relatedResource(config, related, id);
  const { data, total, isPending, error } = useGetList(resource, {
    pagination: { page, perPage },
    meta: { endpoints: { list: fillPath(related.path, id) } },
  });
  const rows = data ?? [];
  return (
    <Box component="section" sx={{ p: 2 }} data-testid={`related-${related.name}`}>
      {title && (
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary', mb: 1 }}>
          {translate(relatedLabel(config, related))}
        </Typography>
      )}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {error ? (
        <Alert severity="error">{errorText(translate, error)}</Alert>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {related.fields.map((field) => (
                  <TableCell
                    key={field.source}
                    align={field.type === 'money' || field.type === 'number' ? 'right' : undefined}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {translate(fieldLabel(config, field))}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={String(row.id)}>
                  {related.fields.map((field) => (
                    <TableCell
                      key={field.source}
                      align={field.type === 'money' || field.type === 'number' ? 'right' : undefined}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      <FieldValue field={field} record={row} cell />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {!isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={related.fields.length} sx={{ color: 'text.secondary' }}>
                    {translate('engine.related.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          {(total ?? 0) > perPage && (
            <TablePagination
              component="div"
              count={total ?? 0}
              page={page - 1}
              rowsPerPage={perPage}
              rowsPerPageOptions={[]}
              onPageChange={(_e, p) => setPage(p + 1)}
              labelDisplayedRows={({ from, to, count }) =>
                translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
              }
              getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
