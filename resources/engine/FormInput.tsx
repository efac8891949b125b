import { useEffect, useMemo, useRef, useState } from 'react';
import { Autocomplete, Box, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useInput, useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { useFormState, useWatch } from 'react-hook-form';
import { findOption } from '../labels';
import { useEngineServices } from './context';
import { LocaleDateInput } from './filterInputs';
import { rangeNames } from './formRules';
import { ImageInput } from './ImageInput';
import { RangeLabel } from './RangeLabel';
import { RichTextInput } from './RichTextInput';
import { SearchPicker } from './SearchPicker';
import type { Choice, FormValues, InputSpec } from './types';
import { withRequestId } from '../../dataProvider/errorText';

/** Values are kept as given: an emptied text stays '' until the form sends it (formOutput decides). */
const keep = (value: unknown) => value;
const asText = (value: unknown) => (value === undefined || value === null ? '' : value);

export interface FormInputProps {
  /** The input, its label an i18n key. */
  input: InputSpec;
  /** Whether it is required for the form's current values. */
  required: boolean;
  /** The record the form edits (remote choices and money maxima read it). */
  record?: RaRecord;
  disabled?: boolean;
  /** Told when an image upload starts and ends, so the form waits for it. */
  onUploadingChange?: (source: string, uploading: boolean) => void;
}

/** The translated error of a field (the form's messages are translated already; the server's are texts). */
function useErrorText(message: unknown): string | undefined {
  const translate = useTranslate();
  if (message === undefined || message === null || message === '') return undefined;
  const text = String(message);
  return translate(text, { _: text });
}

/**
 * What every input of a form needs: its react-admin field, the translated error, label and hint, and the props a MUI
 * text field takes from them (the error replaces the hint).
 */
function useFormField(input: InputSpec, required: boolean, format: (value: unknown) => unknown = keep) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: input.source, parse: keep, format });
  const error = useErrorText(fieldState.error?.message);
  const label = translate(input.label ?? input.source);
  const hint = input.helperText ? translate(input.helperText) : undefined;
  const textProps = {
    name: input.source,
    label,
    required,
    error: !!error,
    helperText: error ?? hint,
    size: 'small' as const,
  };
  return { translate, field, error, label, hint, textProps };
}

/** The form's values named by an input's `loadOn`, and a key that changes when one does. */
function useLoadOn(input: InputSpec) {
  const names = input.loadOn ?? [];
  const watched = useWatch({ name: names }) as unknown[];
  const key = JSON.stringify(watched);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the values change with their key
  const values = useMemo(() => Object.fromEntries(names.map((n, i) => [n, watched[i]])), [key]);
  return { values, key };
}

/** The choices of a remote picker: loaded when the form opens, and again when a value of `loadOn` changes. */
function useChoices(input: InputSpec, record: RaRecord | undefined, values: FormValues, key: string) {
  const { http } = useEngineServices();
  const [choices, setChoices] = useState<Choice[] | null>(null);
  /** The load's error (null: none). */
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    setChoices(null);
    setFailed(null);
    input
      .load?.({ http, record, values })
      .then((list) => live && setChoices(list))
      .catch((e: unknown) => live && setFailed(e ?? true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choices load once per opening and per `loadOn` change
  }, [key]);
  return { choices, failed };
}

type FormField = ReturnType<typeof useFormField>;
interface PickerProps extends FormInputProps {
  form: FormField;
  values: FormValues;
  loadKey: string;
}

/** A picker of the choices `load` gives. */
function RemotePicker({ input, record, disabled, form, values, loadKey }: PickerProps) {
  const { translate, field, error: fieldError, hint, textProps } = form;
  const { choices, failed } = useChoices(input, record, values, loadKey);
  const error =
    fieldError ?? (failed ? withRequestId(translate, failed, translate('engine.action.loadFailed')) : undefined);
  const options = choices ?? [];
  return (
    <Autocomplete
      options={options}
      loading={!choices && !failed}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('engine.action.noChoices')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(o, v) => String(o.id) === String(v.id)}
      value={options.find((o) => String(o.id) === String(field.value ?? '')) ?? null}
      onChange={(_e, o) => field.onChange(o ? o.id : null)}
      onBlur={field.onBlur}
      disabled={disabled || input.readOnly}
      renderInput={(params) => (
        <TextField {...params} {...textProps} error={!!error} helperText={error ?? hint} fullWidth />
      )}
    />
  );
}

/**
 * A 'remoteOption' input: searched as the staff member types when it has a `search` that applies to its `loadOn`
 * values, else a picker of the choices `load` gives; a value chosen for other `loadOn` values is cleared.
 */
function RemoteOption(props: FormInputProps) {
  const { input, required, record, disabled } = props;
  const form = useFormField(input, required);
  const { values, key } = useLoadOn(input);
  const loadedFor = useRef(key);
  useEffect(() => {
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    form.field.onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the choices' inputs change
  }, [key]);
  const search = input.search && (input.search.when?.(values) ?? true) ? input.search : undefined;
  if (!search) return <RemotePicker {...props} form={form} values={values} loadKey={key} />;
  return (
    <SearchPicker
      search={search}
      value={form.field.value}
      onChange={(o) => form.field.onChange(o ? o.id : null)}
      onBlur={form.field.onBlur}
      record={record}
      values={values}
      disabled={disabled || input.readOnly}
      textProps={form.textProps}
      error={form.error}
    />
  );
}

function MultiSelect({ input, required, disabled }: FormInputProps) {
  const { translate, field, textProps } = useFormField(input, required);
  const options = (input.options ?? []).map((o) => ({ id: o.id, name: translate(o.name) }));
  const chosen = Array.isArray(field.value) ? (field.value as unknown[]) : [];
  return (
    <Autocomplete
      multiple
      options={options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(o, v) => String(o.id) === String(v.id)}
      value={options.filter((o) => chosen.some((c) => String(c) === String(o.id)))}
      onChange={(_e, list) => field.onChange(list.map((o) => o.id))}
      onBlur={field.onBlur}
      disabled={disabled || input.readOnly}
      noOptionsText={translate('engine.action.noChoices')}
      renderInput={(params) => <TextField {...params} {...textProps} />}
    />
  );
}

function DateRangeInput({ input, required, disabled }: FormInputProps) {
  const translate = useTranslate();
  const { errors } = useFormState();
  const { from, to } = rangeNames(input);
  const error = useErrorText((errors[input.source] ?? errors[from] ?? errors[to])?.message as string | undefined);
  const label = input.label ?? input.source;
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <LocaleDateInput
          source={from}
          label={<RangeLabel label={label} edge="from" />}
          required={required}
          disabled={disabled}
          error={error ? '' : undefined}
        />
        <LocaleDateInput
          source={to}
          label={<RangeLabel label={label} edge="to" />}
          required={required}
          disabled={disabled}
          error={error ? '' : undefined}
        />
      </Stack>
      {(error || input.helperText) && (
        <FormHelperText error={!!error}>{error ?? translate(input.helperText!)}</FormHelperText>
      )}
    </Box>
  );
}

function ImageField({ input, required, disabled, onUploadingChange }: FormInputProps) {
  const { http } = useEngineServices();
  const { field, error } = useFormField(input, required);
  const record = useRecordContext();
  const initial = record?.[input.source];
  return (
    <ImageInput
      http={http}
      purpose={input.purpose}
      stored={
        typeof initial === 'string' && initial
          ? { value: initial, src: record?.[`${input.source}_url`] as string | undefined }
          : undefined
      }
      label={input.label}
      required={required}
      error={error}
      value={typeof field.value === 'string' && field.value ? field.value : null}
      onChange={(url) => field.onChange(url ?? '')}
      onUploadingChange={(on) => onUploadingChange?.(input.source, on)}
      disabled={disabled || input.readOnly}
      testId={`input-${input.source}`}
    />
  );
}

function RichField({ input, required, disabled }: FormInputProps) {
  const { field, error, label, hint } = useFormField(input, required, asText);
  return (
    <RichTextInput
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={label}
      required={required}
      disabled={disabled || input.readOnly}
      error={error}
      helperText={hint}
      testId={`input-${input.source}`}
    />
  );
}

function SwitchField({ input, required, disabled }: FormInputProps) {
  const { field, error, label, hint } = useFormField(input, required);
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={input.source}
            checked={field.value === true || field.value === 'true'}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled || input.readOnly}
          />
        }
        label={label}
      />
      {(error || hint) && <FormHelperText error={!!error}>{error ?? hint}</FormHelperText>}
    </Box>
  );
}

/** A text-like input: text, password, textarea, number, money, or a select of options. */
function TextLike({ input, required, disabled }: FormInputProps) {
  const { translate, field, textProps } = useFormField(input, required, asText);
  const type = input.type ?? 'text';
  const select = type === 'option';
  const options = select ? (input.options ?? []) : [];
  // a select shows the option of the value whatever its type (true, 1 or 'x'), and keeps the option's own id
  const shown = select ? String(findOption(options, field.value)?.id ?? '') : (field.value as string);
  return (
    <TextField
      {...textProps}
      inputRef={field.ref}
      value={shown}
      onChange={(e) =>
        field.onChange(select ? (options.find((o) => String(o.id) === e.target.value)?.id ?? null) : e.target.value)
      }
      onBlur={field.onBlur}
      type={type === 'password' ? 'password' : 'text'}
      select={select}
      multiline={type === 'textarea'}
      minRows={type === 'textarea' ? 3 : undefined}
      disabled={disabled}
      fullWidth
      slotProps={{
        htmlInput: {
          inputMode: type === 'money' || type === 'number' ? 'decimal' : undefined,
          readOnly: input.readOnly || undefined,
          maxLength: input.maxLength,
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={String(o.id)} value={String(o.id)}>
          {translate(o.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DateField({ input, required, disabled }: FormInputProps) {
  const translate = useTranslate();
  // the date input registers the value itself; its error is read from the form state
  const { errors } = useFormState({ name: input.source });
  const error = useErrorText(errors[input.source]?.message as string | undefined);
  return (
    <LocaleDateInput
      source={input.source}
      label={translate(input.label ?? input.source)}
      required={required}
      disabled={disabled || input.readOnly}
      error={error}
      helperText={input.helperText ? translate(input.helperText) : undefined}
    />
  );
}

/** One input of an engine form, by its type, inside a react-admin form context. */
export function FormInput(props: FormInputProps) {
  switch (props.input.type ?? 'text') {
    case 'remoteOption':
      return <RemoteOption {...props} />;
    case 'options':
      return <MultiSelect {...props} />;
    case 'dateRange':
      return <DateRangeInput {...props} />;
    case 'image':
      return <ImageField {...props} />;
    case 'richtext':
      return <RichField {...props} />;
    case 'boolean':
      return <SwitchField {...props} />;
    case 'date':
      return <DateField {...props} />;
    default:
      return <TextLike {...props} />;
  }
}
