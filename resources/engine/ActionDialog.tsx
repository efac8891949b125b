import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate, type Identifier, type RaRecord } from 'ra-core';
import { errorText } from '../../dataProvider/errorText';
import { toCents } from '../client/money';
import { useEngineServices } from './context';
import { formatDecimal } from './format';
import { ImageInput } from './ImageInput';
import { newIdempotencyKey, runAction } from './runAction';
import { actionConfirm, actionLabel, inputLabel } from './schema';
import type { ActionInput, ActionSpec, ResourceConfig } from './types';

/** An amount as typed: digits with optional decimals (no sign, separator or exponent). */
const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

/** Why an input value is invalid (a message key and its arguments), or null when it is valid. */
function inputError(
  input: ActionInput,
  value: string,
  record: RaRecord | undefined,
): { key: string; args?: Record<string, unknown> } | null {
  const text = value.trim();
  if (!text) return input.required ? { key: 'engine.action.required' } : null;
  if (input.type === 'money') {
    // toCents(strict) refuses exponent notation ('1e3') and more than 2 decimals.
    const cents = PLAIN_AMOUNT.test(text) ? toCents(text, true) : null;
    if (cents === null || cents <= 0n) return { key: 'engine.action.invalidAmount' };
    const limit = input.max && record ? (record as Record<string, unknown>)[input.max] : undefined;
    const max = typeof limit === 'string' || typeof limit === 'number' ? toCents(limit) : null;
    if (max !== null && cents > max) return { key: 'engine.action.aboveMax', args: { max: formatDecimal(limit) } };
  }
  if (input.type === 'number' && !Number.isFinite(Number(text))) return { key: 'engine.action.invalidNumber' };
  return null;
}

/**
 * What a confirmation text interpolates: the row's fields, its money fields grouped as the list shows them
 * ('12,345.60'), decimal numbers without trailing zeros, and the count of a bulk selection.
 */
function confirmArgs(config: ResourceConfig, record: RaRecord | undefined, count: number): Record<string, unknown> {
  const args: Record<string, unknown> = { ...(record ?? {}), smart_count: count, count };
  for (const field of config.fields) {
    const value = record?.[field.source];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'money') args[field.source] = formatDecimal(value);
    // a rate of '7.10000000' reads 7.1
    else if (field.type === 'number' && /^\d+\.\d+$/.test(String(value))) {
      args[field.source] = String(value).replace(/\.?0+$/, '');
    }
  }
  return args;
}

export interface ActionDialogProps {
  config: ResourceConfig;
  action: ActionSpec<RaRecord>;
  record?: RaRecord;
  ids?: Identifier[];
  onClose: () => void;
  onSuccess: (answer: unknown) => void;
}

/**
 * The confirmation of an action: its text, its inputs, and the call. Mounted when it opens, which is when its
 * Idempotency-Key is made; every retry from this opening reuses the key, so a money movement applies once.
 */
export function ActionDialog({ config, action, record, ids, onClose, onSuccess }: ActionDialogProps) {
  const translate = useTranslate();
  const { http } = useEngineServices();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const inputs = action.inputs ?? [];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(inputs.map((i) => [i.source, ''])),
  );
  const [choices, setChoices] = useState<Record<string, { id: string | number; name: string }[]>>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Image inputs with an upload under way: the confirmation waits for them. */
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const waiting = Object.values(uploading).some(Boolean);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    for (const input of inputs) {
      if (input.type !== 'remoteOption' || !input.load) continue;
      input
        .load({ http, record })
        .then((list) => live && setChoices((c) => ({ ...c, [input.source]: list })))
        .catch(() => live && setError(translate('engine.action.loadFailed')));
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choices load once per opening
  }, []);

  const errors = Object.fromEntries(inputs.map((i) => [i.source, inputError(i, values[i.source] ?? '', record)]));
  const invalid = Object.values(errors).some(Boolean);
  const confirmKey = actionConfirm(config, action);
  const title = translate(actionLabel(config, action));

  const submit = async () => {
    setTouched(true);
    if (invalid || busy || waiting) return;
    setBusy(true);
    setError(null);
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
      const answer = await runAction(action, { record, ids, values: trimmed, http, idempotencyKey });
      onSuccess(answer);
    } catch (e) {
      setError(errorText(translate, e, 'engine.action.failed'));
      setBusy(false);
    }
  };

  const field = (input: ActionInput) => {
    const problem = errors[input.source];
    const shownError = touched && problem ? translate(problem.key, problem.args) : undefined;
    const options =
      input.type === 'option'
        ? (input.options ?? []).map((o) => ({ id: String(o.id), name: translate(o.name) }))
        : input.type === 'remoteOption'
          ? (choices[input.source] ?? []).map((o) => ({ id: String(o.id), name: o.name }))
          : null;
    const common = {
      label: translate(inputLabel(config, input)),
      required: input.required,
      error: !!shownError,
      helperText: shownError,
      fullWidth: true,
      size: 'small' as const,
    };
    if (input.type === 'image') {
      return (
        <ImageInput
          key={input.source}
          http={http}
          label={inputLabel(config, input)}
          required={input.required}
          error={shownError}
          value={values[input.source] || null}
          onChange={(url) => setValues((v) => ({ ...v, [input.source]: url ?? '' }))}
          onUploadingChange={(on) => setUploading((u) => ({ ...u, [input.source]: on }))}
          disabled={busy}
          testId={`input-${input.source}`}
        />
      );
    }
    if (input.type === 'remoteOption') {
      // A searchable list: remote choices can be long (every salesman of a tenant).
      const loaded = choices[input.source];
      return (
        <Autocomplete
          key={input.source}
          options={options ?? []}
          loading={!loaded}
          loadingText={translate('ra.page.loading')}
          noOptionsText={translate('engine.action.noChoices')}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(o, v) => o.id === v.id}
          value={options?.find((o) => o.id === values[input.source]) ?? null}
          onChange={(_e, o) => setValues((v) => ({ ...v, [input.source]: o?.id ?? '' }))}
          renderInput={(params) => <TextField {...params} {...common} name={input.source} />}
        />
      );
    }
    return (
      <TextField
        key={input.source}
        name={input.source}
        label={translate(inputLabel(config, input))}
        value={values[input.source] ?? ''}
        onChange={(e) => setValues((v) => ({ ...v, [input.source]: e.target.value }))}
        required={input.required}
        error={!!shownError}
        helperText={shownError}
        type={input.type === 'password' ? 'password' : 'text'}
        select={!!options}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: input.type === 'money' || input.type === 'number' ? { inputMode: 'decimal' } : undefined,
        }}
      >
        {options?.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {confirmKey && (
            <DialogContentText>
              {translate(confirmKey, confirmArgs(config, record, ids?.length ?? 1))}
            </DialogContentText>
          )}
          {inputs.map(field)}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('engine.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || waiting || (touched && invalid)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="action-confirm"
        >
          {translate('engine.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
