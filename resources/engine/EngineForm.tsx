import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { Form, useTranslate, type RaRecord } from 'ra-core';
import { useFormContext, useFormState, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { FieldGroups } from './FieldGroups';
import { FormInput } from './FormInput';
import { formOutput, formProblems, isRequired, isShown, namesOf, type EmptyAs } from './formRules';
import type { FormValues, InputSpec, ResourceConfig } from './types';

/** A record that arrives (or is read again) after the form opened does not wipe what was typed meanwhile. */
const KEEP_TYPED = { keepDirtyValues: true } as const;

/** Field errors the API answered (`errors` of a 400 validation answer): field name → text. */
export type FieldErrorTexts = Record<string, string>;

/** What the toolbar of a form knows. */
export interface FormToolbarState {
  /** Nothing changed since the form was loaded (or saved). */
  pristine: boolean;
  /** A submission is under way. */
  submitting: boolean;
  /** An image upload is under way. */
  uploading: boolean;
  /** A submission was tried and the values have problems. */
  invalid: boolean;
}

export interface EngineFormProps {
  config: ResourceConfig;
  /** The inputs, their labels i18n keys. */
  inputs: InputSpec[];
  /** The record the form is about (money maxima and remote choices read it); its values are the initial ones. */
  record?: RaRecord;
  /** Initial values instead of the record's (an action dialog starts empty). */
  initialValues?: FormValues;
  /** Cross-field rules: `{ field: i18n key }`. */
  validate?: (values: FormValues) => Record<string, string> | undefined;
  /**
   * Sends the form: gets what it sends (formOutput) and all values; answers the API's field errors (they show under
   * their inputs, the typed values stay) or nothing.
   */
  onSubmit: (output: FormValues, values: FormValues) => Promise<FieldErrorTexts | undefined | void>;
  /** How a value nobody gave is sent (default 'omit'). */
  emptyAs?: EmptyAs;
  /** The buttons, below the inputs (a dialog renders its own actions: use `children` around the body instead). */
  toolbar?: (state: FormToolbarState) => ReactNode;
  /** Warn before leaving the page with unsaved changes. */
  warnWhenUnsavedChanges?: boolean;
  /** Lay the inputs out with the declaration's tabs and sections (default true). */
  grouped?: boolean;
  /** Inputs side by side from tablets up (default 2; dialogs 1). */
  columns?: 1 | 2;
  /** Shown above the inputs (e.g. a confirmation text). */
  header?: ReactNode;
  /** Shown below the inputs (e.g. a request error). */
  footer?: ReactNode;
  /** Wraps the form's body and toolbar (a dialog's content and actions); gets the toolbar state. */
  frame?: (body: ReactNode, state: FormToolbarState) => ReactNode;
  /** The id of the <form> (a button outside it submits it with `form={id}`). */
  id?: string;
  /** Class of the <form> element. */
  className?: string;
  /** Show a toast when a submission finds problems (react-admin's "the form is not valid"); default true. */
  notifyInvalid?: boolean;
  disabled?: boolean;
}

const WIDE = new Set(['textarea', 'richtext', 'image', 'dateRange', 'options']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** After a submission, every change checks the whole form again (cross-field rules follow the other fields). */
function Revalidate() {
  const { watch, trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  const submitted = useRef(isSubmitted);
  submitted.current = isSubmitted;
  useEffect(() => {
    const subscription = watch(() => {
      if (submitted.current) void trigger();
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger]);
  return null;
}

function FormBody({
  props,
  unknownErrors,
  uploading,
  setUploading,
}: {
  props: EngineFormProps;
  unknownErrors: FieldErrorTexts;
  uploading: boolean;
  setUploading: (source: string, on: boolean) => void;
}) {
  const { config, inputs, record, toolbar, grouped = true, columns = 2, header, footer, frame, disabled } = props;
  const translate = useTranslate();
  const values = useWatch() as FormValues;
  const { isDirty, isSubmitting, errors, isSubmitted } = useFormState();
  const shown = inputs.filter((i) => isShown(i, values));
  const bySource = new Map(shown.map((i) => [i.source, i]));
  const invalid = isSubmitted && Object.keys(errors).length > 0;
  const state: FormToolbarState = { pristine: !isDirty, submitting: isSubmitting, uploading, invalid };

  const render = (sources: string[]) => (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        py: 1,
        gridTemplateColumns: columns === 1 ? '1fr' : { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {sources.map((source) => {
        const input = bySource.get(source)!;
        return (
          <Box
            key={source}
            data-testid={`form-${source}`}
            sx={WIDE.has(input.type ?? 'text') ? { gridColumn: '1 / -1' } : undefined}
          >
            <FormInput
              input={input}
              required={isRequired(input, values)}
              record={record}
              disabled={disabled || isSubmitting}
              onUploadingChange={setUploading}
            />
          </Box>
        );
      })}
    </Box>
  );
  const sources = shown.map((i) => i.source);
  const unknown = Object.entries(unknownErrors);
  const body = (
    <>
      {header}
      {grouped ? (
        <FieldGroups
          config={config}
          sources={sources}
          render={render}
          errors={Object.keys(errors).filter((k) => bySource.has(k)) as string[]}
        />
      ) : (
        render(sources)
      )}
      {unknown.length > 0 && (
        <Alert severity="error" data-testid="form-errors">
          {unknown.map(([field, text]) => (
            <div key={field}>
              {translate(`resources.${config.name}.fields.${field}`, { _: field })}: {text}
            </div>
          ))}
        </Alert>
      )}
      {footer}
    </>
  );
  return (
    <>
      <Revalidate />
      {frame ? (
        frame(body, state)
      ) : (
        <>
          {body}
          {toolbar?.(state)}
        </>
      )}
    </>
  );
}

/**
 * The engine's form, used by the create, edit and single-form pages and the action dialogs: react-admin's form
 * (react-hook-form) over the declared inputs, with their rules (required, requiredIf, showIf, validate, the type's
 * own), the form's cross-field rules, the API's field errors under their inputs, tabs and sections.
 */
export function EngineForm(props: EngineFormProps) {
  const {
    inputs,
    record,
    initialValues,
    validate,
    onSubmit,
    emptyAs = 'omit',
    warnWhenUnsavedChanges,
    id,
    className,
    notifyInvalid = true,
  } = props;
  const translate = useTranslate();
  /** The API's field errors, each with the value it was given for: it stands until the value changes. */
  const server = useRef<Record<string, { text: string; value: unknown }>>({});
  const [unknownErrors, setUnknownErrors] = useState<FieldErrorTexts>({});
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const uploading = Object.values(uploads).some(Boolean);
  const latest = useRef({ inputs, record, validate, translate });
  latest.current = { inputs, record, validate, translate };

  const resolver = useCallback<Resolver>(async (values: FormValues) => {
    const { inputs: all, record: rec, validate: cross, translate: t } = latest.current;
    const errors: FieldErrors = {};
    for (const [name, problem] of Object.entries(formProblems(all, values, { record: rec, validate: cross }))) {
      errors[name] = { type: 'manual', message: t(problem.key, { _: problem.key, ...problem.args }) };
    }
    for (const [name, { text, value }] of Object.entries(server.current)) {
      const input = all.find((i) => namesOf(i).includes(name));
      const live = !input || isShown(input, values);
      if (!errors[name] && live && same(values[name], value)) errors[name] = { type: 'server', message: text };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  }, []);

  const submit = async (values: FormValues) => {
    if (uploading) return;
    const shown = inputs.filter((i) => isShown(i, values));
    const answer = await onSubmit(formOutput(shown, values, emptyAs), values);
    const errors = answer && typeof answer === 'object' ? answer : {};
    const names = new Set(shown.flatMap(namesOf));
    server.current = Object.fromEntries(
      Object.entries(errors).map(([name, text]) => [name, { text: String(text), value: values[name] }]),
    );
    setUnknownErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => !names.has(name))));
    const known = Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name)));
    return Object.keys(known).length ? known : undefined;
  };

  return (
    <Form
      id={id}
      className={className}
      record={initialValues ?? record}
      resolver={resolver}
      mode="onSubmit"
      reValidateMode="onChange"
      onSubmit={submit}
      warnWhenUnsavedChanges={warnWhenUnsavedChanges}
      resetOptions={KEEP_TYPED}
      disableInvalidFormNotification={!notifyInvalid}
      noValidate
    >
      <FormBody
        props={props}
        unknownErrors={unknownErrors}
        uploading={uploading}
        setUploading={(source, on) => setUploads((u) => ({ ...u, [source]: on }))}
      />
    </Form>
  );
}
