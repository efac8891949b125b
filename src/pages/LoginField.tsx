import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/** The props of the sign-in screens' text fields (a subset of MUI TextField's). */
export interface LoginFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field built from FormControl + OutlinedInput: it looks like MUI's TextField but does not
 * pull in Select, Menu and Modal, which keeps /login's script within its budget (bench/results.md).
 */
export function LoginField({ name, label, helperText, error, disabled, ...input }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl fullWidth error={error} disabled={disabled} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        aria-describedby={helperText ? `${id}-helper` : undefined}
        {...input}
      />
      {helperText ? <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
