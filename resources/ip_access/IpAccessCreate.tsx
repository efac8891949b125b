import { Box, Card, CardContent } from '@mui/material';
import { useNotify, useRedirect, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ipAccess } from '../../domain/ip-access';
import { errorText, fieldErrorTexts } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { EngineForm } from '../engine/EngineForm';
import { FormToolbar } from '../engine/FormToolbar';
import { createFields, inputOf } from '../engine/schema';
import type { FormValues, ViewProps } from '../engine/types';

/**
 * The add-an-entry page: the generated create form, sent to the create route, which opens a change for a second
 * administrator (202 pending_approval) instead of adding the entry. Says so (never "created") and goes back to the
 * list, where the panel counts the changes awaiting review.
 */
export default function IpAccessCreate({ config }: ViewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const dataProvider = useConsoleDataProvider();
  const submit = async (output: FormValues) => {
    try {
      await dataProvider.call(ipAccess.paths.create, { method: 'POST', body: output });
    } catch (e) {
      notify(errorText(translate, e, 'engine.form.saveFailed'), { type: 'error' });
      return fieldErrorTexts(translate, e);
    }
    await queryClient.invalidateQueries({ queryKey: ['ip_access'] });
    notify('engine.action.awaitingReview', { type: 'info' });
    redirect('list', config.name);
    return undefined;
  };
  return (
    <Box sx={{ py: 1 }}>
      <Title title={`resources.${config.name}.name`} />
      <Card>
        <CardContent>
          <EngineForm
            config={config}
            inputs={createFields(config).map((f) => inputOf(config, f))}
            onSubmit={submit}
            emptyAs="omit"
            warnWhenUnsavedChanges
            toolbar={(state) => <FormToolbar state={state} needsChange={false} />}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
