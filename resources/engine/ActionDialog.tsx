import { useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useTranslate, type Identifier, type RaRecord } from 'ra-core';
import { errorText, fieldErrorTexts } from '../../dataProvider/errorText';
import { useEngineServices } from './context';
import { EngineForm, type FieldErrorTexts } from './EngineForm';
import { formatDecimal } from './format';
import { findOption } from '../labels';
import { newIdempotencyKey, runAction } from './runAction';
import { actionConfirm, actionLabel, inputLabel } from './schema';
import type { ActionSpec, ResourceConfig } from './types';
import { useDecidedBy } from '../../src/live/useDecidedBy';

/**
 * What a confirmation text interpolates: the row's fields as the list shows them (a field's own `value`, money grouped
 * '12,345.60', decimal numbers without trailing zeros, an option's and a yes/no's label in the UI language), and the
 * count of a bulk selection. A confirmation never shows a raw code.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function confirmArgs(
  config: ResourceConfig,
  record: RaRecord | undefined,
  count: number,
  translate: Translate,
): Record<string, unknown> {
  const args: Record<string, unknown> = { ...(record ?? {}), smart_count: count, count };
  if (!record) return args;
  for (const field of config.fields) {
    const value = field.value ? field.value(record, translate) : record[field.source];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'money') args[field.source] = formatDecimal(value);
    // a rate of '7.10000000' reads 7.1
    else if (field.type === 'number' && /^\d+\.\d+$/.test(String(value))) {
      args[field.source] = String(value).replace(/\.?0+$/, '');
    } else if (field.type === 'option') {
      const option = findOption(field.options ?? [], value);
      if (option) args[field.source] = translate(option.name);
    } else if (field.type === 'boolean') {
      args[field.source] = translate(value === true || value === 'true' ? 'ra.boolean.true' : 'ra.boolean.false');
    } else if (field.value) args[field.source] = value;
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

/** Keeps a tall dialog form a flex column like the dialog's paper (see DialogForm): the actions stay on screen. */
const FORM_CLASS = 'engine-action-form';

/** The inputs start empty (a row's field of the same name is no default: a repayment is not the loan's amount). */
const EMPTY = {};
/** What a toolbar action's prefill reads as its row: nothing. */
const NO_ROW = { id: '' } as RaRecord;

/**
 * The confirmation of an action: its text, its inputs (the engine's form: rules, conditional inputs, the API's
 * field errors under their inputs), and the call. Mounted when it opens, which is when its Idempotency-Key is made;
 * every retry from this opening reuses the key, so a money movement applies once.
 */
export function ActionDialog({ config, action, record, ids, onClose, onSuccess }: ActionDialogProps) {
  const translate = useTranslate();
  const { http } = useEngineServices();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  // Read once, when the dialog opens (an edit starts from the row; a toolbar action, which has no row, from its
  // defaults: placing an order starts as Direct).
  const [initialValues] = useState(() => (action.prefill ? action.prefill(record ?? NO_ROW) : EMPTY));
  const [error, setError] = useState<string | null>(null);
  const inputs = (action.inputs ?? []).map((input) => ({ ...input, label: inputLabel(config, input) }));
  const confirmKey = actionConfirm(config, action);
  const title = translate(actionLabel(config, action));
  // another staff member decided this record meanwhile (live events): say who, before the click
  const decidedBy = useDecidedBy(config.name, record?.id);

  const submit = async (values: Record<string, unknown>): Promise<FieldErrorTexts | undefined> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await runAction(action, { record, ids, values, http, idempotencyKey });
      onSuccess(answer);
      return undefined;
    } catch (e) {
      setError(errorText(translate, e, 'engine.action.failed'));
      setBusy(false);
      return fieldErrorTexts(translate, e);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      onClick={(e) => e.stopPropagation()}
      sx={{ [`& .${FORM_CLASS}`]: { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } }}
    >
      <EngineForm
        config={config}
        inputs={inputs}
        record={record}
        initialValues={initialValues}
        onSubmit={submit}
        emptyAs="empty"
        grouped={false}
        columns={1}
        notifyInvalid={false}
        className={FORM_CLASS}
        frame={(body, state) => (
          <>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={1} sx={{ pt: 1 }}>
                {confirmKey && (
                  <DialogContentText>
                    {translate(confirmKey, confirmArgs(config, record, ids?.length ?? 1, translate))}
                  </DialogContentText>
                )}
                {inputs.length > 0 && body}
                {decidedBy && (
                  <Alert severity="warning" data-testid="decided-elsewhere">
                    {decidedBy.name
                      ? translate('live.decidedBy', { name: decidedBy.name })
                      : translate('live.decidedElsewhere')}
                  </Alert>
                )}
                {error && <Alert severity="error">{error}</Alert>}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={busy}>
                {translate('engine.action.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || state.uploading || state.invalid || !!decidedBy}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid="action-confirm"
              >
                {translate('engine.action.confirm')}
              </Button>
            </DialogActions>
          </>
        )}
      />
    </Dialog>
  );
}
