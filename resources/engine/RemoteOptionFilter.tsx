import { useEffect, useState, type ReactNode } from 'react';
import { AutocompleteInput, useTranslate } from 'react-admin';
import { useEngineServices } from './context';
import type { ChoiceLoader } from './types';
import { withRequestId } from '../../dataProvider/errorText';

interface RemoteOptionFilterProps {
  source: string;
  label: ReactNode;
  load: ChoiceLoader;
  /** Read by react-admin's filter form. */
  alwaysOn?: boolean;
}

/** A list filter whose choices come from the API (e.g. the tenant's salesmen), as a searchable picker. */
export function RemoteOptionFilter({ source, label, load }: RemoteOptionFilterProps) {
  const translate = useTranslate();
  const { http } = useEngineServices();
  const [choices, setChoices] = useState<{ id: string | number; name: string }[] | null>(null);
  /** The load's error (null: none). */
  const [failed, setFailed] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    load({ http }).then(
      (list) => live && setChoices(list),
      (e: unknown) => live && setFailed(e ?? true),
    );
    return () => {
      live = false;
    };
  }, [http, load]);

  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices ?? []}
      isPending={!choices && !failed}
      helperText={failed ? withRequestId(translate, failed, translate('engine.action.loadFailed')) : false}
      noOptionsText={translate('engine.action.noChoices')}
      size="small"
      sx={{ minWidth: 220 }}
    />
  );
}
