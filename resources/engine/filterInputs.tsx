import { cloneElement, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { useInput, useLocaleState, useTranslate } from 'ra-core';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { can } from '../../permissions/can';
import { usePermissionPayload } from '../../src/permissions/useCan';
import { datePattern, formatLocaleDate, parseLocaleDate } from './format';
import { RangeLabel } from './RangeLabel';
import { RemoteOptionFilter } from './RemoteOptionFilter';
import { fieldLabel, filtersOf, rangeParams } from './schema';
import type { FilterSpec, ResourceConfig } from './types';

/** The empty choice of a select filter, which filters nothing: said, not a blank line. */
const ALL = 'engine.filter.all';

const BOOLEAN_CHOICES = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

/** Width of a filter input by kind, in px, so that the list knows how many fit on one row. */
export const FILTER_WIDTHS: Record<FilterSpec['type'] | 'date', number> = {
  text: 160,
  number: 110,
  boolean: 140,
  option: 140,
  remoteOption: 170,
  dateRange: 160,
  date: 160,
};
/** Space after each filter input (react-admin's spacer, narrowed by the list). */
export const FILTER_GAP = 8;

interface LocaleDateInputProps {
  source: string;
  label: ReactNode;
  /** Read by react-admin's filter form. */
  alwaysOn?: boolean;
  size?: 'small' | 'medium';
  /** Forms: marked required, an error (translated) under it, or a hint. */
  required?: boolean;
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

/**
 * A date filter typed and shown in the UI locale's format (zh-CN `yyyy-mm-dd`, en-US `mm/dd/yyyy`) whatever the
 * browser's language, with a calendar button that opens the browser's date picker; the value is `YYYY-MM-DD`.
 */
export function LocaleDateInput({
  source,
  label,
  size = 'small',
  required,
  error,
  helperText,
  disabled,
}: LocaleDateInputProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, id } = useInput({ source });
  const value: string = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(() => formatLocaleDate(value, locale));
  const picker = useRef<HTMLInputElement>(null);

  const shownLocale = useRef(locale);
  // The value changed from outside (cleared filters, the URL, the picker) or the language changed: show it.
  useEffect(() => {
    const relocalised = shownLocale.current !== locale;
    shownLocale.current = locale;
    setText((current) =>
      !relocalised && parseLocaleDate(current, locale) === (value || null) ? current : formatLocaleDate(value, locale),
    );
  }, [value, locale]);

  const type = (next: string) => {
    setText(next);
    const day = parseLocaleDate(next, locale);
    if (day) field.onChange(day);
    else if (!next.trim()) field.onChange('');
  };
  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
    }
  };

  return (
    <TextField
      id={id}
      name={field.name}
      size={size}
      label={label}
      value={text}
      placeholder={datePattern(locale)}
      required={required}
      error={!!error}
      helperText={error ?? helperText}
      disabled={disabled}
      onChange={(e) => type(e.target.value)}
      onBlur={() => {
        field.onBlur();
        // Leaving: the day in force in the locale's format (a text that is no day gives way to it).
        if (text.trim()) setText(formatLocaleDate(value, locale));
      }}
      sx={{ width: FILTER_WIDTHS.date }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', lang: locale },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative', ml: 0 }}>
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('engine.filter.pickDate')}
                title={translate('engine.filter.pickDate')}
                onClick={openPicker}
              >
                <CalendarIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                lang={locale}
                value={value}
                onChange={(e) => field.onChange(e.target.value)}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The filter inputs of one filter (a date range gives a from and a to input), and their width on a row. */
export interface FilterUnit {
  key: string;
  /** Offered by the filter button only (declared `alwaysOn: false`). */
  pickable: boolean;
  width: number;
  inputs: ReactElement[];
}

/**
 * The react-admin filter inputs of a resource's filter schema, by filter; a filter with a permission is left out
 * when `allowed` refuses it.
 */
export function filterUnits(
  config: ResourceConfig,
  allowed: (permission: { resource: string; action: string }) => boolean = () => true,
): FilterUnit[] {
  return filtersOf(config).flatMap((filter): FilterUnit[] => {
    const label = fieldLabel(config, filter);
    const pickable = filter.alwaysOn === false;
    const common = { alwaysOn: !pickable, label };
    const width = FILTER_WIDTHS[filter.type];
    const sx = { width, minWidth: 0 };
    const unit = (...inputs: ReactElement[]): FilterUnit[] => [
      { key: filter.source, pickable, width: inputs.length * (width + FILTER_GAP), inputs },
    ];
    switch (filter.type) {
      case 'text':
        return unit(<TextInput key={filter.source} source={filter.source} resettable sx={sx} {...common} />);
      case 'number':
        return unit(<NumberInput key={filter.source} source={filter.source} sx={sx} {...common} />);
      case 'boolean':
        return unit(
          <SelectInput
            key={filter.source}
            source={filter.source}
            choices={BOOLEAN_CHOICES}
            emptyText={ALL}
            sx={sx}
            {...common}
          />,
        );
      case 'option':
        return unit(
          <SelectInput
            key={filter.source}
            source={filter.source}
            choices={filter.options.map((o) => ({ id: String(o.id), name: o.name }))}
            emptyText={filter.emptyLabel ?? ALL}
            sx={sx}
            {...common}
          />,
        );
      case 'remoteOption':
        if (filter.permission && !allowed(filter.permission)) return [];
        return unit(<RemoteOptionFilter key={filter.source} source={filter.source} load={filter.load} {...common} />);
      case 'dateRange': {
        const { from, to } = rangeParams(filter);
        return unit(
          <LocaleDateInput
            key={from}
            source={from}
            alwaysOn={common.alwaysOn}
            label={<RangeLabel label={label} edge="from" />}
          />,
          <LocaleDateInput
            key={to}
            source={to}
            alwaysOn={common.alwaysOn}
            label={<RangeLabel label={label} edge="to" />}
          />,
        );
      }
    }
  });
}

/**
 * How many of the always-shown filters fit on one row of `width` px (at least one); the others wait behind
 * "more filters". `width` 0 (unknown: nothing measured) shows them all.
 */
export function filtersOnOneRow(units: FilterUnit[], width: number): number {
  const shown = units.filter((u) => !u.pickable);
  if (width <= 0) return shown.length;
  let used = 0;
  let n = 0;
  for (const unit of shown) {
    if (used + unit.width > width) break;
    used += unit.width;
    n++;
  }
  return Math.max(1, n);
}

/**
 * The filter inputs for react-admin's filter form: the first `onRow` always-shown filters always on; the rest
 * (and those declared `alwaysOn: false`) shown only when set, or offered by the filter button.
 */
export function filterInputs(units: FilterUnit[], onRow = Infinity): ReactElement[] {
  let row = 0;
  return units.flatMap((unit) => {
    const on = !unit.pickable && row++ < onRow;
    return unit.inputs.map((input) =>
      on || unit.pickable ? input : cloneElement(input as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: false }),
    );
  });
}

/** The filters of a resource for the signed-in staff member (filters he may not use are left out). */
export function useFilterUnits(config: ResourceConfig): FilterUnit[] {
  const grants = usePermissionPayload()?.grants;
  return useMemo(() => filterUnits(config, (p) => can(grants, p.resource, p.action)), [config, grants]);
}
