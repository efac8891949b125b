import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Box, Chip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate, type RaRecord, type TranslateFunction } from 'ra-core';
import { findOption } from '../labels';
import {
  decimalSign,
  formatDecimal,
  formatFullDateTime,
  formatLocaleDate,
  formatLocaleDateTime,
  formatShortDateTime,
} from './format';
import { useTenantZone } from './timeZone';
import { ProofImage } from './ProofImage';
import { htmlText } from './richText';
import { Ellipsis, ShortText } from './ShortText';
import type { FieldSpec } from './types';
import './cells.css';

/** Formatted rich text, with its sanitiser: loaded with the first rich-text value shown. */
const RichTextValue = lazy(() => import('./RichTextValue'));

/** A decimal without the zeros that end its fraction ('7.80000000' → '7.8', '1.000' → '1'); other values unchanged. */
const trimZeros = (value: unknown): unknown =>
  typeof value === 'string' && /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;

const SIGN_COLORS = { [-1]: 'error.main', 0: undefined, 1: 'success.main' } as const;

/** Widest text in a list cell before it is cut with an ellipsis (names, usernames, agents). */
const CELL_TEXT_WIDTH = '9em';

/** What every cell of a list shares, read once per list instead of once per cell (useFieldEnv). */
export interface FieldEnv {
  translate: TranslateFunction;
  locale: string;
  /** The tenant's time zone (undefined until known). */
  zone: string | undefined;
  /** "Now" for short timestamps (`11-23 14:05` this year, the date in another). */
  now: Date;
}

/** The translation, UI locale and tenant zone every field value of a view is shown with. */
export function useFieldEnv(): FieldEnv {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  return useMemo(() => ({ translate, locale, zone, now: new Date() }), [translate, locale, zone]);
}

/**
 * A record field's value as its type says (`record` defaults to the record context), dates in the UI locale's format
 * and timestamps in the tenant's time zone (the full time with its zone in a tooltip). `cell`: for a list row, on one
 * line: timestamps short (`11-23 14:05`) and text cut with an ellipsis (the full text in a tooltip).
 */
export function FieldValue({
  field,
  record: given,
  cell = false,
}: {
  field: FieldSpec;
  record?: RaRecord;
  label?: string;
  source?: string;
  cell?: boolean;
}) {
  const contextRecord = useRecordContext();
  const env = useFieldEnv();
  const record = given ?? contextRecord;
  return record ? fieldContent(field, record, env, cell) : null;
}

/**
 * What FieldValue shows, as elements: a list renders each cell with it directly (no component, hooks or Emotion style
 * per cell; list cells are styled by the classes of cells.css).
 */
export function fieldContent(field: FieldSpec, record: RaRecord, env: FieldEnv, cell = false): ReactNode {
  const { translate, locale, zone } = env;
  const value = field.value ? field.value(record, translate) : (record as Record<string, unknown>)[field.source];
  const empty = value === undefined || value === null || value === '';

  switch (field.type ?? 'text') {
    case 'money':
    case 'number': {
      if (empty) return null;
      const sign = field.signed ? decimalSign(value) : 0;
      const text = /^(id|.*_id)$/.test(field.source)
        ? String(value)
        : formatDecimal(field.type === 'number' ? trimZeros(value) : value);
      const currency =
        field.currencySource && record[field.currencySource]
          ? String(record[field.currencySource]).toUpperCase()
          : null;
      if (cell)
        return (
          <span className={`engine-num${sign ? ` engine-sign${sign}` : ''}`}>
            {text}
            {currency && <span className="engine-muted">{currency}</span>}
          </span>
        );
      return (
        <Box
          component="span"
          sx={{ color: SIGN_COLORS[sign], fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {text}
          {currency && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
              {currency}
            </Box>
          )}
        </Box>
      );
    }
    case 'date':
      return empty ? null : <span style={{ whiteSpace: 'nowrap' }}>{formatLocaleDate(value, locale, zone)}</span>;
    case 'datetime': {
      if (empty) return null;
      const full = formatFullDateTime(value, locale, zone);
      if (!cell)
        return (
          <Box component="time" dateTime={String(value)} title={full}>
            {formatLocaleDateTime(value, locale, zone)}
          </Box>
        );
      return (
        <Ellipsis title={full} always maxWidth="none">
          <time dateTime={String(value)} className="engine-num">
            {formatShortDateTime(value, locale, env.now, zone)}
          </time>
        </Ellipsis>
      );
    }
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
      const text = translate(option.name);
      return (
        <Chip
          size="small"
          variant="outlined"
          color={tone ?? 'default'}
          label={text}
          title={cell ? text : undefined}
          className={cell ? 'engine-chip' : undefined}
        />
      );
    }
    case 'options': {
      const list = Array.isArray(value) ? value : empty ? [] : [value];
      if (!list.length) return null;
      return (
        <span className={cell ? 'engine-chips' : 'engine-chips engine-chips-wrap'}>
          {list.map((v) => {
            const option = findOption(field.options ?? [], v);
            return (
              <Chip
                key={String(v)}
                size="small"
                variant="outlined"
                label={option ? translate(option.name) : String(v)}
              />
            );
          })}
        </span>
      );
    }
    case 'textarea':
      if (empty) return null;
      return cell ? (
        <Ellipsis title={String(value)} maxWidth={CELL_TEXT_WIDTH} />
      ) : (
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {String(value)}
        </Box>
      );
    case 'richtext': {
      if (empty) return null;
      if (cell) return <Ellipsis title={htmlText(String(value))} maxWidth={CELL_TEXT_WIDTH} />;
      return (
        <Suspense fallback={null}>
          <RichTextValue html={String(value)} />
        </Suspense>
      );
    }
    case 'image':
      return empty ? null : <ProofImage src={String(value)} alt={field.label ?? 'engine.image.alt'} />;
    case 'reference': {
      const id = field.idSource ? (record as Record<string, unknown>)[field.idSource] : undefined;
      if (empty && (id === undefined || id === null)) return null;
      return (
        <span className={cell ? 'engine-nowrap' : undefined}>
          {empty ? '' : cell ? <Ellipsis title={String(value)} maxWidth={CELL_TEXT_WIDTH} /> : String(value)}
          {id !== undefined && id !== null && <span className="engine-muted">#{String(id)}</span>}
        </span>
      );
    }
    case 'currency':
      return empty ? null : <span>{String(value).toUpperCase()}</span>;
    case 'identifier':
      return empty ? null : <ShortText value={String(value)} />;
    default: {
      if (empty) return null;
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return cell ? <Ellipsis title={text} maxWidth={CELL_TEXT_WIDTH} /> : <span>{text}</span>;
    }
  }
}
