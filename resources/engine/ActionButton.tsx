import { createElement, lazy, Suspense, useState, type MouseEvent } from 'react';
import { Button, CircularProgress, ListItemIcon, MenuItem } from '@mui/material';
import { useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'ra-core';
import { errorText } from '../../dataProvider/errorText';
import { useEngineServices } from './context';
import { newIdempotencyKey, runAction } from './runAction';
import { actionConfirm, actionLabel } from './schema';
import type { ActionSpec, ResourceConfig } from './types';
import { useAllowed } from './useAllowed';

/** The dialog showing an action's result (e.g. a new code), loaded when first shown. */
const ResultDialog = lazy(() => import('./ResultDialog').then((m) => ({ default: m.ResultDialog })));
/** The confirmation and input dialog, with the form engine: loaded when an action first opens. */
const ActionDialog = lazy(() => import('./ActionDialog').then((m) => ({ default: m.ActionDialog })));

export interface ActionButtonProps {
  config: ResourceConfig;
  action: ActionSpec<RaRecord>;
  /** The row of a row action. */
  record?: RaRecord;
  /** The selection of a bulk action. */
  ids?: Identifier[];
  /** Called after a successful run (bulk actions clear the selection). */
  onDone?: () => void;
  size?: 'small' | 'medium';
  /** 'menuitem' renders the action as an entry of a row's "more" menu. */
  variant?: 'button' | 'menuitem';
  /** Called when the action is clicked (the "more" menu closes itself). */
  onClick?: () => void;
}

/**
 * The button of an action: hidden (or disabled) without its permission; opens the confirmation dialog when the
 * action has a confirmation text or inputs, else runs at once; then notifies, shows a result, and refreshes.
 */
export function ActionButton({
  config,
  action,
  record,
  ids,
  onDone,
  size = 'small',
  variant = 'button',
  onClick,
}: ActionButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { http } = useEngineServices();
  const allowed = useAllowed(config, action.permission);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  if (!allowed && action.denied !== 'disable') return null;

  const label = translate(actionLabel(config, action));
  const needsDialog = !!actionConfirm(config, action) || !!action.inputs?.length;

  const succeed = (answer: unknown) => {
    setOpen(false);
    setBusy(false);
    // an answer that waits for review: a result the action's `awaiting` recognises, or a change of the controls
    // opened for a second administrator (202 pending_approval); nothing has moved yet
    const controlChange = !!answer && typeof answer === 'object' && 'pending_approval' in answer;
    const waits = controlChange || !!action.awaiting?.when(answer);
    const key = controlChange ? 'engine.action.awaitingReview' : action.awaiting?.key;
    notify(waits && key ? key : (action.success ?? 'engine.action.done'), { type: waits ? 'info' : 'success' });
    const text = action.result?.(answer);
    if (text) setResult(text);
    if (action.refresh !== false) refresh();
    onDone?.();
  };

  const click = async (e: MouseEvent) => {
    e.stopPropagation();
    onClick?.();
    if (needsDialog) return setOpen(true);
    setBusy(true);
    try {
      succeed(await runAction(action, { record, ids, values: {}, http, idempotencyKey: newIdempotencyKey() }));
    } catch (err) {
      setBusy(false);
      const text = errorText(translate, err, 'engine.action.failed');
      notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };

  const icon = busy ? (
    <CircularProgress size={14} color="inherit" />
  ) : action.icon ? (
    createElement(action.icon)
  ) : undefined;
  return (
    <>
      {variant === 'menuitem' ? (
        <MenuItem onClick={click} disabled={!allowed || busy} data-testid={`action-${action.name}`}>
          {icon && <ListItemIcon>{icon}</ListItemIcon>}
          {label}
        </MenuItem>
      ) : (
        <Button
          size={size}
          onClick={click}
          disabled={!allowed || busy}
          startIcon={icon}
          data-testid={`action-${action.name}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {label}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ActionDialog
            config={config}
            action={action}
            record={record}
            ids={ids}
            onClose={() => setOpen(false)}
            onSuccess={succeed}
          />
        </Suspense>
      )}
      {result !== null && (
        <Suspense fallback={null}>
          <ResultDialog title={label} text={result} onClose={() => setResult(null)} />
        </Suspense>
      )}
    </>
  );
}
