import { readFileSync } from 'node:fs';
// One line per list row: locale date formats (short in cells, full in tooltips), typed date filters in the UI
// locale's format, text cut with an ellipsis, filters folded behind "more filters", and the row actions column.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import deposit from '../../resources/deposit';
import { FieldValue } from '../../resources/engine/FieldValue';
import { filterInputs, filtersOnOneRow, filterUnits } from '../../resources/engine/filterInputs';
import {
  datePattern,
  formatLocaleDate,
  formatLocaleDateTime,
  formatShortDateTime,
  parseLocaleDate,
} from '../../resources/engine/format';
import type { ResourceConfig } from '../../resources/engine/types';
import { record, renderResource, renderWithEngine, serveList, until } from './engine.helpers';
import { installMsw } from './msw';

installMsw();

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);
const NOW = at(2026, 11, 23, 12);

describe('date formats of the UI locale', () => {
  it('shows a timestamp of this year as month, day and minutes, and of another year as its date', () => {
    const thisYear = at(2026, 3, 4, 5, 6, 7).toISOString();
    const lastYear = at(2025, 11, 23, 14, 5).toISOString();
    expect(formatShortDateTime(thisYear, 'zh-CN', NOW)).toBe('03-04 05:06');
    expect(formatShortDateTime(thisYear, 'en-US', NOW)).toBe('03/04 05:06');
    expect(formatShortDateTime(lastYear, 'zh-CN', NOW)).toBe('2025-11-23');
    expect(formatShortDateTime(lastYear, 'en-US', NOW)).toBe('11/23/2025');
    // The year is that of `now`: the same timestamp is short a year later no more.
    expect(formatShortDateTime(thisYear, 'zh-CN', at(2027, 1, 1))).toBe('2026-03-04');
    expect(formatShortDateTime('not a date', 'zh-CN', NOW)).toBe('not a date');
    expect(formatShortDateTime(null, 'zh-CN', NOW)).toBe('');
  });

  it('writes full dates and timestamps as the locale does (yyyy-MM-dd in Chinese, MM/dd/yyyy in English)', () => {
    const ts = at(2026, 3, 4, 5, 6, 7).toISOString();
    expect(formatLocaleDateTime(ts, 'zh-CN')).toBe('2026-03-04 05:06:07');
    expect(formatLocaleDateTime(ts, 'en-US')).toBe('03/04/2026 05:06:07');
    // A bare day is a calendar day, not midnight UTC moved into another day.
    expect(formatLocaleDate('2026-03-04', 'zh-CN')).toBe('2026-03-04');
    expect(formatLocaleDate('2026-03-04', 'en-US')).toBe('03/04/2026');
    // An unknown locale writes ISO days.
    expect(formatLocaleDate('2026-03-04', 'pl-PL')).toBe('2026-03-04');
    expect(datePattern('zh-CN')).toBe('yyyy-mm-dd');
    expect(datePattern('en-US')).toBe('mm/dd/yyyy');
  });

  it('reads a typed day in the locale format or as ISO, and refuses what is no calendar day', () => {
    expect(parseLocaleDate('2026-03-04', 'zh-CN')).toBe('2026-03-04');
    expect(parseLocaleDate('2026/3/4', 'zh-CN')).toBe('2026-03-04');
    expect(parseLocaleDate('03/04/2026', 'en-US')).toBe('2026-03-04');
    expect(parseLocaleDate('2026-03-04', 'en-US')).toBe('2026-03-04');
    // Month first only where the locale writes it so.
    expect(parseLocaleDate('03/04/2026', 'zh-CN')).toBeNull();
    expect(parseLocaleDate('2026-02-30', 'zh-CN')).toBeNull();
    expect(parseLocaleDate('2026-13-01', 'zh-CN')).toBeNull();
    expect(parseLocaleDate('2026-03', 'zh-CN')).toBeNull();
    expect(parseLocaleDate('', 'zh-CN')).toBeNull();
  });
});

describe('list cells', () => {
  it('show a timestamp short with the full one in its tooltip, and the full one outside lists', async () => {
    const year = new Date().getFullYear();
    const created = at(year, 3, 4, 5, 6, 7).toISOString();
    const field = { source: 'created_at', type: 'datetime' as const };
    const { user } = await renderWithEngine(
      <div>
        <p data-testid="cell">
          <FieldValue field={field} record={{ id: 1, created_at: created }} cell />
        </p>
        <p data-testid="full">
          <FieldValue field={field} record={{ id: 1, created_at: created }} />
        </p>
      </div>,
      { locale: 'zh-CN' },
    );
    const cell = await screen.findByTestId('cell');
    expect(cell).toHaveTextContent(/^03-04 05:06$/);
    expect(screen.getByTestId('full')).toHaveTextContent(`${year}-03-04 05:06:07`);
    await user.hover(within(cell).getByText('03-04 05:06'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`${year}-03-04 05:06:07`);
  });

  it('keep text on one line, cut with an ellipsis, and the whole of it in the DOM', async () => {
    const name = 'Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff';
    await renderWithEngine(
      <p data-testid="cell">
        <FieldValue field={{ source: 'agent_name' }} record={{ id: 1, agent_name: name }} cell />
      </p>,
    );
    const text = await screen.findByText(name);
    // a class, not an Emotion style per cell (jsdom does not apply the stylesheet: its rule is read here)
    expect(text).toHaveClass('engine-ellipsis');
    const rule = /\.engine-ellipsis\s*{([^}]*)}/.exec(readFileSync('resources/engine/cells.css', 'utf8'))?.[1] ?? '';
    for (const d of ['white-space: nowrap', 'overflow: hidden', 'text-overflow: ellipsis']) expect(rule).toContain(d);
  });
});

describe('filters on one row', () => {
  const units = filterUnits(deposit.config);
  const shown = (els: ReturnType<typeof filterInputs>) =>
    els.filter((e) => (e.props as { alwaysOn?: boolean }).alwaysOn).map((e) => (e.props as { source: string }).source);

  it('count the filters that fit in a width, at least one, all when the width is unknown', () => {
    const [a, b] = units;
    expect(filtersOnOneRow(units, a.width + b.width)).toBe(2);
    expect(filtersOnOneRow(units, a.width + b.width - 1)).toBe(1);
    expect(filtersOnOneRow(units, 1)).toBe(1);
    expect(filtersOnOneRow(units, 0)).toBe(units.length);
  });

  it('keep a date range whole and leave the others to be shown when set', () => {
    const range = units.findIndex((u) => u.key === 'created_at');
    expect(units[range].inputs).toHaveLength(2);
    expect(shown(filterInputs(units, range))).not.toContain('created_at_from');
    expect(shown(filterInputs(units, range + 1))).toEqual(expect.arrayContaining(['created_at_from', 'created_at_to']));
    expect(shown(filterInputs(units))).toHaveLength(filterInputs(units).length);
  });
});

describe('generated list layout', () => {
  // jsdom lays nothing out: the list is 1000 px wide, its toolbar 300 px and the toggle 120 px.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width =
        this.dataset.testid === 'more-filters' ? 120 : this.classList.contains('MuiToolbar-root') ? 300 : 1000;
      return { x: 0, y: 0, top: 0, left: 0, bottom: 40, right: width, width, height: 40, toJSON: () => ({}) };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('folds the filters that do not fit behind "more filters", and shows a set one folded', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1)]);
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    expect(screen.getByRole('textbox', { name: 'Client' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Created at from')).not.toBeInTheDocument();
    const more = screen.getByTestId('more-filters');
    expect(more).toHaveTextContent('More filters');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveTextContent('Fewer filters');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    const from = screen.getByLabelText('Created at from');
    // English: typed month first; the query carries the ISO day.
    expect(from).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    fireEvent.change(from, { target: { value: '01/15/2026' } });
    await until(() => expect(queries.at(-1)!.get('created_at_from')).toBe('2026-01-15'));

    await user.click(more);
    // Folded again, but a filter in force stays in view.
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Created at from')).toHaveValue('01/15/2026');
    expect(screen.queryByLabelText('Created at to')).not.toBeInTheDocument();
  });

  it('types dates as yyyy-mm-dd in Chinese and refuses what is no day', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1)]);
    const { user } = await renderResource(deposit.config, { locale: 'zh-CN' });
    await screen.findByText('user1');
    await user.click(screen.getByRole('button', { name: '更多筛选' }));
    const from = screen.getByLabelText('创建时间起');
    expect(from).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    fireEvent.change(from, { target: { value: '2026-02-30' } });
    fireEvent.blur(from);
    expect(from).toHaveValue('');
    fireEvent.change(from, { target: { value: '2026-2-3' } });
    await until(() => expect(queries.at(-1)!.get('created_at_from')).toBe('2026-02-03'));
    // Leaving the field writes the day in the locale's format.
    await act(async () => {
      fireEvent.blur(from);
    });
    expect(from).toHaveValue('2026-02-03');
  });

  it('has no actions column for staff who may use no row action', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config, { role: 'hero' });
    await screen.findByText('user1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).not.toContain('Actions');
  });

  it('keeps the actions column at the right edge and rows to one line', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    const config: ResourceConfig = deposit.config;
    await renderResource(config);
    await screen.findByText('user1');
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(header).toHaveClass('engine-row-actions');
    const cell = screen.getByTestId('row-actions').closest('td')!;
    expect(cell).toHaveClass('engine-row-actions');
    expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
  });
});
