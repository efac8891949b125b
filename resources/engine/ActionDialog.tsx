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
import { useEngineServices } from './context';
import { newIdempotencyKey, runAction } from './runAction';
import { actionConfirm, actionLabel, inputLabel } from './schema';
import type { ActionInput, ActionSpec, ResourceConfig } from './types';

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** The message key of an invalid input value, or null when it is valid. */
function inputError(input: ActionInput, value: string): string | null {
  const text = value.trim();
  if (!text) return input.required ? 'engine.action.required' : null;
  if (input.type === 'money' && (!AMOUNT.test(text) || !/[1-9]/.test(text))) return 'engine.action.invalidAmount';
  if (input.type === 'number' && !Number.isFinite(Number(text))) return 'engine.action.invalidNumber';
  return null;
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

  const errors = Object.fromEntries(inputs.map((i) => [i.source, inputError(i, values[i.source] ?? '')]));
  const invalid = Object.values(errors).some(Boolean);
  const confirmKey = actionConfirm(config, action);
  const title = translate(actionLabel(config, action));

  const submit = async () => {
    setTouched(true);
    if (invalid || busy) return;
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
    const shownError = touched && errors[input.source] ? translate(errors[input.source] as string) : undefined;
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
              {translate(confirmKey, { ...(record ?? {}), smart_count: ids?.length ?? 1, count: ids?.length ?? 1 })}
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
          disabled={busy || (touched && invalid)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="action-confirm"
        >
          {translate('engine.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
