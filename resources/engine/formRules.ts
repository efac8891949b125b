/**
 * The rules of the engine's forms, as plain functions (no React): which inputs show, which are required, what is
 * wrong with a value, and what a form sends. Problems are i18n keys with their arguments.
 */
import type { RaRecord } from 'ra-core';
import { toCents } from '../client/money';
import { formatDecimal } from './format';
import { htmlText } from './richText';
import type { FormValues, InputSpec } from './types';

/** A problem of a value: an i18n key and its arguments (or, from the server, a text to show as it is). */
export interface Problem {
  key: string;
  args?: Record<string, unknown>;
}

/** An amount as typed: digits with optional decimals (no sign, separator or exponent). */
const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

/** Whether a value counts as not given (an empty text, list or editor too). */
export function isBlank(value: unknown, input?: Pick<InputSpec, 'type'>): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return (input?.type === 'richtext' ? htmlText(value) : value).trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** Whether an input shows for the form's values. */
export const isShown = (input: InputSpec, values: FormValues): boolean => !input.showIf || input.showIf(values);

/** Whether an input is required for the form's values. */
export const isRequired = (input: InputSpec, values: FormValues): boolean =>
  !!input.required || !!input.requiredIf?.(values);

/** The value names of a date range input. */
export const rangeNames = (input: InputSpec): { from: string; to: string } => ({
  from: input.from ?? `${input.source}_from`,
  to: input.to ?? `${input.source}_to`,
});

/** The value names an input writes (a date range writes two). */
export const namesOf = (input: InputSpec): string[] =>
  input.type === 'dateRange' ? Object.values(rangeNames(input)) : [input.source];

/** What is wrong with an input's value for the form's values (and the record, for a money maximum), if anything. */
export function inputProblem(input: InputSpec, values: FormValues, record?: RaRecord): Problem | undefined {
  if (input.type === 'dateRange') {
    const { from, to } = rangeNames(input);
    const [a, b] = [values[from], values[to]];
    if (isRequired(input, values) && (isBlank(a) || isBlank(b))) return { key: 'engine.action.required' };
    if (!isBlank(a) && !isBlank(b) && String(a) > String(b)) return { key: 'engine.form.rangeOrder' };
    const own = input.validate?.(values[input.source], values);
    return typeof own === 'string' ? { key: own } : own;
  }
  const value = values[input.source];
  if (isBlank(value, input)) return isRequired(input, values) ? { key: 'engine.action.required' } : undefined;
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (input.type === 'money') {
    // toCents(strict) refuses exponent notation ('1e3') and more than 2 decimals.
    const cents = PLAIN_AMOUNT.test(text) ? toCents(text, true) : null;
    if (cents === null || cents <= 0n) return { key: 'engine.action.invalidAmount' };
    const limit = input.max && record ? (record as Record<string, unknown>)[input.max] : undefined;
    const max = typeof limit === 'string' || typeof limit === 'number' ? toCents(limit) : null;
    if (max !== null && cents > max) return { key: 'engine.action.aboveMax', args: { max: formatDecimal(limit) } };
  }
  if (input.type === 'number') {
    if (input.integer ? !INTEGER.test(text) || !Number.isSafeInteger(Number(text)) : !DECIMAL.test(text)) {
      return { key: input.integer ? 'engine.form.invalidInteger' : 'engine.action.invalidNumber' };
    }
  }
  if (input.maxLength && typeof value === 'string' && value.length > input.maxLength) {
    return { key: 'engine.form.tooLong', args: { max: input.maxLength } };
  }
  const own = input.validate?.(value, values);
  return typeof own === 'string' ? { key: own } : own;
}

/**
 * The problems of a form's values: each shown input's own, then the form's cross-field rules (for a name without a
 * problem yet). Keyed by input source.
 */
export function formProblems(
  inputs: InputSpec[],
  values: FormValues,
  {
    record,
    validate,
  }: { record?: RaRecord; validate?: (values: FormValues) => Record<string, string> | undefined } = {},
): Record<string, Problem> {
  const problems: Record<string, Problem> = {};
  for (const input of inputs) {
    if (!isShown(input, values) || input.readOnly) continue;
    const problem = inputProblem(input, values, record);
    if (problem) problems[input.source] = problem;
  }
  for (const [name, key] of Object.entries(validate?.(values) ?? {})) {
    if (key && !problems[name]) problems[name] = { key };
  }
  return problems;
}

/** How a form sends a value nobody gave: left out (create), null (edit, single) or an empty text (actions). */
export type EmptyAs = 'omit' | 'null' | 'empty';

/**
 * What a form sends: the values of its shown, editable inputs (text trimmed, whole numbers as numbers, an empty
 * editor as empty), nothing of the hidden ones.
 */
export function formOutput(inputs: InputSpec[], values: FormValues, emptyAs: EmptyAs = 'omit'): FormValues {
  const out: FormValues = {};
  for (const input of inputs) {
    if (!isShown(input, values) || input.readOnly) continue;
    for (const name of namesOf(input)) {
      let value = values[name];
      if (typeof value === 'string' && input.type !== 'richtext') value = value.trim();
      if (isBlank(value, input)) {
        if (Array.isArray(value)) out[name] = [];
        else if (emptyAs === 'null') out[name] = null;
        else if (emptyAs === 'empty') out[name] = '';
        continue;
      }
      if (input.type === 'number' && input.integer) value = Number(value);
      out[name] = value;
    }
  }
  return out;
}
