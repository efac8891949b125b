import { useNotify, useRecordContext, useSaveContext, useTranslate, type RaRecord } from 'ra-core';
import { errorText, fieldErrorTexts } from '../../dataProvider/errorText';
import { Create, Edit } from 'react-admin';
import { EngineForm, type FieldErrorTexts } from './EngineForm';
import { FormToolbar } from './FormToolbar';
import { createFields, editFields, hasShow, inputOf } from './schema';
import type { FieldSpec, FormValues, ResourceConfig } from './types';
import { endpointsMeta } from './define';

/** The engine form of a create or edit page, saved through react-admin's save (the dataProvider's create/update). */
function SavingForm({
  config,
  fields,
  emptyAs,
  needsChange,
}: {
  config: ResourceConfig;
  fields: FieldSpec[];
  emptyAs: 'omit' | 'null';
  needsChange: boolean;
}) {
  const { save } = useSaveContext();
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (output: FormValues): Promise<FieldErrorTexts | undefined> => {
    // A refusal is told in the user's language: the toast from its code, each field's problem from its field code
    // (react-admin's own handling would show the API's English texts).
    let failure: unknown;
    await save?.(output, {
      onError: (e: unknown) => {
        failure = e;
        notify(errorText(translate, e, 'engine.form.saveFailed'), { type: 'error' });
      },
    });
    return failure === undefined ? undefined : fieldErrorTexts(translate, failure);
  };
  return (
    <EngineForm
      config={config}
      inputs={fields.map((f) => inputOf(config, f))}
      record={record as RaRecord | undefined}
      initialValues={
        record?.id === undefined && config.createDefaults ? { ...config.createDefaults, ...record } : undefined
      }
      validate={config.validate}
      onSubmit={submit}
      emptyAs={emptyAs}
      warnWhenUnsavedChanges
      toolbar={(state) => <FormToolbar state={state} needsChange={needsChange} />}
    />
  );
}

const PAGE_SX = { '& .RaEdit-card, & .RaCreate-card': { px: 2 } };

/** The generated edit view of a resource: its fields flagged `edit` (tabs, sections, rules), saved through update. */
export function ResourceEdit({ config }: { config: ResourceConfig }) {
  return (
    <Edit
      resource={config.name}
      queryOptions={{ meta: endpointsMeta(config) }}
      mutationOptions={{ meta: endpointsMeta(config) }}
      mutationMode="pessimistic"
      title={`resources.${config.name}.name`}
      sx={PAGE_SX}
    >
      <SavingForm config={config} fields={editFields(config)} emptyAs="null" needsChange />
    </Edit>
  );
}

/** The generated create view: the fields flagged `create`, saved through the create endpoint. */
export function ResourceCreate({ config }: { config: ResourceConfig }) {
  return (
    <Create
      resource={config.name}
      mutationOptions={{ meta: endpointsMeta(config) }}
      title={`resources.${config.name}.name`}
      redirect={hasShow(config) ? 'show' : 'list'}
      sx={PAGE_SX}
    >
      <SavingForm config={config} fields={createFields(config)} emptyAs="omit" needsChange={false} />
    </Create>
  );
}
