import { useEffect, useState, type ReactNode } from 'react';
import { Autocomplete, CircularProgress, TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { RaRecord } from 'ra-core';
import { useEngineServices } from './context';
import type { Choice, ChoiceSearch, FormValues } from './types';
import { withRequestId } from '../../dataProvider/errorText';

/** How long the picker waits after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchPickerProps {
  search: ChoiceSearch;
  /** The chosen value (an id), or null. */
  value: unknown;
  /** Told the choice picked (null when cleared). */
  onChange: (choice: Choice | null) => void;
  onBlur?: () => void;
  /** The record and `loadOn` values the search receives. */
  record?: RaRecord;
  values?: FormValues;
  disabled?: boolean;
  /** The text field's props: label, name, required, error, helper text, size. */
  textProps: TextFieldProps;
  /** The error shown instead of the helper text (the form's, else the search's failure). */
  error?: ReactNode;
  sx?: TextFieldProps['sx'];
}

const empty = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) => String(a) === String(b);

/**
 * The label of the chosen value: the choice picked, else `search.one` asked once per value (an edit form's current
 * client); nothing while it loads, the value itself when there is none.
 */
function useChosen(search: ChoiceSearch, value: unknown, record?: RaRecord, values?: FormValues) {
  const { http } = useEngineServices();
  const [chosen, setChosen] = useState<Choice | null>(null);
  useEffect(() => {
    if (empty(value)) return setChosen(null);
    if (chosen && same(chosen.id, value)) return;
    const id = value as string | number;
    setChosen(null);
    const controller = new AbortController();
    const { signal } = controller;
    const bare = { id, name: String(id) };
    search
      .one({ http, record, values, signal }, id)
      .then((found) => !signal.aborted && setChosen(found ?? bare))
      .catch(() => !signal.aborted && setChosen(bare));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only when the value changes
  }, [value]);
  return [chosen, setChosen] as const;
}

/**
 * The choices matching `text`: asked SEARCH_DEBOUNCE_MS after it last changed, the request of an older text aborted
 * and its answer ignored even when it arrives later; nothing is asked for an empty text.
 */
function useFound(search: ChoiceSearch, text: string, record?: RaRecord, values?: FormValues) {
  const { http } = useEngineServices();
  const [found, setFound] = useState<Choice[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    setFailed(null);
    if (!text) {
      setFound([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(() => {
      search
        .find({ http, record, values, signal }, text)
        .then((list) => !signal.aborted && setFound(list))
        .catch((e: unknown) => !signal.aborted && setFailed(e ?? true))
        .finally(() => !signal.aborted && setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a search per text
  }, [text]);
  return { found, loading, failed };
}

/**
 * A picker whose choices are searched as the staff member types (a client among a tenant's 100,000): a loading
 * indicator while a search runs, "type to search" before any text and "no match" after one, the chosen choice's
 * label kept whatever the list shows, arrow keys and Enter to pick.
 */
export function SearchPicker({
  search,
  value,
  onChange,
  onBlur,
  record,
  values,
  disabled,
  textProps,
  error,
  sx,
}: SearchPickerProps) {
  const translate = useTranslate();
  const [chosen, setChosen] = useChosen(search, value, record, values);
  const [input, setInput] = useState('');
  const [text, setText] = useState('');
  const { found, loading, failed } = useFound(search, text, record, values);
  // the chosen choice stays an option (hidden from the list) so that the field keeps showing its label
  const options = chosen ? [chosen, ...found.filter((o) => !same(o.id, chosen.id))] : found;
  const shownError =
    error ?? (failed ? withRequestId(translate, failed, translate('engine.action.loadFailed')) : undefined);
  return (
    <Autocomplete
      options={options}
      value={chosen}
      inputValue={input}
      onInputChange={(_e, next, reason) => {
        setInput(next);
        // only what the staff member types is searched: not the label shown after a pick
        if (reason === 'input' || reason === 'clear') {
          setText(reason === 'clear' ? '' : next.trim());
        }
      }}
      onChange={(_e, o) => {
        setChosen(o);
        onChange(o);
      }}
      onBlur={onBlur}
      filterOptions={(list) => list}
      filterSelectedOptions
      autoHighlight
      includeInputInList
      loading={loading}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate(text ? 'engine.action.noChoices' : 'engine.action.typeToSearch')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(o, v) => same(o.id, v.id)}
      disabled={disabled}
      size={textProps.size}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          {...textProps}
          error={!!shownError}
          helperText={shownError ?? textProps.helperText}
          fullWidth
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={16} data-testid="search-loading" />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
