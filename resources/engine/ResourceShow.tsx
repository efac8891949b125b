import { Box } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { EditButton, Show, TopToolbar } from 'react-admin';
import { FieldValue } from './FieldValue';
import { ProofImage } from './ProofImage';
import { RowActions } from './RowActions';
import { FieldGroups } from './FieldGroups';
import { RelatedList, relatedLabel } from './RelatedList';
import AuditHistory from '../audit_log/AuditHistory';
import { fieldLabel, hasEdit, showFields } from './schema';
import type { FieldSpec, ResourceConfig } from './types';
import { endpointsMeta } from './define';

/** Fields shown on a row of their own: images (a proof), long and rich text. */
const WIDE = new Set(['image', 'richtext', 'textarea']);

/** The show view's toolbar: edit (when the resource has an edit view) and the row actions of the record. */
function ShowToolbar({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      {hasEdit(config) && <EditButton />}
      {record && <RowActions config={config} record={record} />}
    </TopToolbar>
  );
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Whether a field has nothing to show for the record (a reference counts its id too). */
function isEmpty(record: RaRecord, field: FieldSpec): boolean {
  const r = record as Record<string, unknown>;
  return blank(r[field.source]) && (!field.idSource || blank(r[field.idSource]));
}

/** The grid of a record's fields: label above value, as many columns as fit; a dash for what is not (yet) there. */
const GRID_SX = {
  m: 0,
  p: 2,
  display: 'grid',
  gap: 2,
  // two columns on a phone, as many as fit above
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
  '& dt': { typography: 'caption', color: 'text.secondary' },
  '& dd': { m: 0, mt: 0.5, typography: 'body2', minHeight: 24, overflowWrap: 'anywhere' },
} as const;

/** A grid of some fields of a record, labelled; images (a proof) last, on a row of their own. */
function FieldGrid({ config, record, fields }: { config: ResourceConfig; record: RaRecord; fields: FieldSpec[] }) {
  const translate = useTranslate();
  if (!fields.length) return null;
  const ordered = [...fields.filter((f) => f.type !== 'image'), ...fields.filter((f) => f.type === 'image')];
  return (
    <Box component="dl" sx={GRID_SX} data-testid="show-fields">
      {ordered.map((field) => (
        <Box
          key={field.source}
          data-testid={`show-${field.source}`}
          sx={WIDE.has(field.type ?? 'text') ? { gridColumn: '1 / -1' } : undefined}
        >
          <dt>{translate(fieldLabel(config, field))}</dt>
          <dd>
            {isEmpty(record, field) ? (
              '—'
            ) : field.type === 'image' ? (
              // a document is read here: at a readable size (up to 360 px wide), a click opens the zoom view
              <ProofImage src={String(record[field.source])} height={480} width={360} />
            ) : (
              <FieldValue field={field} record={record} />
            )}
          </dd>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The record in context as the show view lays it out: its fields flagged `show` in the declared tabs and sections,
 * and its related sub-lists (below the fields, on their declared tab, or on a tab of their own). The show page and
 * the show drawer both render it.
 */
export function ShowBody({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  if (!record) return null;
  const fields = showFields(config);
  const bySource = new Map(fields.map((f) => [f.source, f]));
  const tabbed = !!config.tabs?.length;
  const extras = (config.related ?? []).map((related) => ({
    name: related.name,
    tab: related.tab,
    label: relatedLabel(config, related),
    content: (
      <RelatedList
        config={config}
        related={related}
        id={record.id}
        // on a tab of its own, the tab names it
        title={!tabbed || !!related.tab}
      />
    ),
  }));
  if (config.history) {
    extras.push({
      name: 'history',
      tab: undefined,
      label: 'resources.audit_log.history.title',
      content: (
        <Box sx={{ p: 2 }}>
          <AuditHistory type={config.history} id={record.id} title={!tabbed} />
        </Box>
      ),
    });
  }
  return (
    <FieldGroups
      config={config}
      sources={fields.map((f) => f.source)}
      render={(sources) => <FieldGrid config={config} record={record} fields={sources.map((s) => bySource.get(s)!)} />}
      extras={extras}
      lazy
    />
  );
}

/** The generated show view of a resource: its fields flagged `show`, labelled, and its row actions. */
export function ResourceShow({ config }: { config: ResourceConfig }) {
  return (
    <Show
      resource={config.name}
      queryOptions={{ meta: endpointsMeta(config) }}
      actions={<ShowToolbar config={config} />}
      title={`resources.${config.name}.name`}
    >
      <ShowBody config={config} />
    </Show>
  );
}
