import { Box, Chip } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { findOption } from '../labels';
import { decimalSign, formatDateTime, formatDecimal } from './format';
import { ProofImage } from './ProofImage';
import { ShortText } from './ShortText';
import type { FieldSpec } from './types';

const SIGN_COLORS = { [-1]: 'error.main', 0: undefined, 1: 'success.main' } as const;

/** A record field's value as its type says (`record` defaults to the record context). */
export function FieldValue({
  field,
  record: given,
}: {
  field: FieldSpec;
  record?: RaRecord;
  label?: string;
  source?: string;
}) {
  const contextRecord = useRecordContext();
  const translate = useTranslate();
  const record = given ?? contextRecord;
  if (!record) return null;
  const value = (record as Record<string, unknown>)[field.source];
  const empty = value === undefined || value === null || value === '';

  switch (field.type ?? 'text') {
    case 'money':
    case 'number': {
      if (empty) return null;
      const color = field.signed ? SIGN_COLORS[decimalSign(value)] : undefined;
      return (
        <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {/^(id|.*_id)$/.test(field.source) ? String(value) : formatDecimal(value)}
        </Box>
      );
    }
    case 'date':
    case 'datetime':
      return empty ? null : <span>{formatDateTime(value, field.type === 'datetime')}</span>;
    case 'boolean':
      return empty ? null : (
        <span>
          {translate(value === true || value === 'true' || value === 1 ? 'ra.boolean.true' : 'ra.boolean.false')}
        </span>
      );
    case 'option': {
      const option = findOption(field.options ?? [], value);
      if (!option) return empty ? null : <span>{String(value)}</span>;
      const tone = option.tone && option.tone !== 'default' ? option.tone : undefined;
      return <Chip size="small" variant="outlined" color={tone ?? 'default'} label={translate(option.name)} />;
    }
    case 'image':
      return empty ? null : <ProofImage src={String(value)} alt={field.label ?? 'engine.image.alt'} />;
    case 'reference': {
      const id = field.idSource ? (record as Record<string, unknown>)[field.idSource] : undefined;
      if (empty && (id === undefined || id === null)) return null;
      return (
        <span>
          {empty ? '' : String(value)}
          {id !== undefined && id !== null && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
              #{String(id)}
            </Box>
          )}
        </span>
      );
    }
    case 'currency':
      return empty ? null : <span>{String(value).toUpperCase()}</span>;
    case 'identifier':
      return empty ? null : <ShortText value={String(value)} />;
    default:
      return empty ? null : <span>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
  }
}
