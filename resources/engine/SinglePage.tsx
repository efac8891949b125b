import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress } from '@mui/material';
import { useNotify, useTranslate, type RaRecord } from 'ra-core';
import { Title } from 'react-admin';
import { errorText, fieldErrorTexts } from '../../dataProvider/errorText';
import { useEngineServices } from './context';
import { EngineForm, type FieldErrorTexts } from './EngineForm';
import { FormToolbar } from './FormToolbar';
import { editFields, inputOf } from './schema';
import type { FormValues, ViewProps } from './types';
import { useNotifyFailure } from '../../dataProvider/useNotifyFailure';

/** The answer itself, or the `data` of a `{ data }` envelope. */
function unwrap(body: unknown): Record<string, unknown> | null {
  const inner = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : null;
}

/** Props of SingleForm. */
export interface SingleFormProps extends ViewProps {
  /** Told the saved document after a successful save (e.g. the shell adopts new app settings). */
  onSaved?: (doc: RaRecord) => void;
}

/**
 * The form of one document (settings): loaded with `single.get`, its fields flagged `edit` in a form (tabs, sections,
 * rules), saved with `single.put`. Toasts "Saved successfully" / "Save failed"; the API's field errors show under
 * their inputs and the typed values stay; save waits for a change; leaving with unsaved changes asks first.
 */
export function SingleForm({ config, onSaved }: SingleFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const { http } = useEngineServices();
  const single = config.single!;
  const loadFailed = single.loadFailed ?? 'engine.form.loadFailed';
  const [doc, setDoc] = useState<RaRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const load = useCallback(() => {
    let live = true;
    setLoadError(null);
    http(single.get)
      .then((answer) => live && setDoc((unwrap(answer) ?? {}) as RaRecord))
      .catch((e: unknown) => live && setLoadError(errorText(translate, e, loadFailed)));
    return () => {
      live = false;
    };
  }, [http, single.get, translate, loadFailed]);
  useEffect(load, [load]);

  const save = async (output: FormValues): Promise<FieldErrorTexts | undefined> => {
    setSaveError(null);
    try {
      const answer = unwrap(await http(single.put, { method: 'PUT', body: output }));
      // the saved document becomes the form's record: the form is pristine again
      const saved = { ...doc, ...output, ...answer } as RaRecord;
      setDoc(saved);
      onSaved?.(saved);
      notify('engine.form.saved', { type: 'success' });
      return undefined;
    } catch (e) {
      notifyFailure(e, 'engine.form.saveFailed');
      const fields = fieldErrorTexts(translate, e);
      if (!fields) setSaveError(errorText(translate, e, 'engine.form.saveFailed'));
      return fields;
    }
  };

  if (loadError) {
    return (
      <Alert
        severity="error"
        data-testid="single-load-error"
        action={
          <Button color="inherit" size="small" onClick={load}>
            {translate('engine.form.retry')}
          </Button>
        }
      >
        {loadError}
      </Alert>
    );
  }
  if (!doc) return <LinearProgress />;
  return (
    <EngineForm
      config={config}
      inputs={editFields(config).map((f) => inputOf(config, f))}
      record={doc}
      validate={config.validate}
      onSubmit={save}
      emptyAs={single.emptyAs ?? 'null'}
      warnWhenUnsavedChanges
      footer={saveError && <Alert severity="error">{saveError}</Alert>}
      toolbar={(state) => <FormToolbar state={state} />}
    />
  );
}

/** A page of one document: its title and SingleForm in a card. */
export function SinglePage({ config }: ViewProps) {
  return (
    <Box>
      <Title title={`resources.${config.name}.name`} />
      <Card>
        <CardContent>
          <SingleForm config={config} />
        </CardContent>
      </Card>
    </Box>
  );
}
