import { useEffect, useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './login.css';
import './loginField.css';

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
 * An outlined text field that looks like MUI's TextField (floating label, notched outline, helper text), in plain
 * elements styled by login.css: /login draws its first screen without Emotion (bench/results.md). The label floats
 * while the field has a value, has the focus or was filled by the browser. `autoFocus` focuses the field in the next
 * animation frame rather than in React's commit, where focusing forced the page's first style and layout into the
 * commit's task (a long task on a busy machine); it leaves alone a focus the user already placed.
 */
export function LoginField({
  name,
  label,
  helperText,
  error,
  disabled,
  value,
  endAdornment,
  inputProps,
  inputRef,
  autoFocus,
  ...input
}: LoginFieldProps) {
  const id = useId();
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) document.getElementById(id)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [autoFocus, id]);
  const className = ['lp-field', value !== '' && 'lp-filled', error && 'lp-error', disabled && 'lp-disabled']
    .concat(endAdornment ? 'lp-adorned' : [])
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="lp-box">
        <input
          {...inputProps}
          {...input}
          ref={inputRef}
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          className="lp-input"
          aria-invalid={error || undefined}
          aria-describedby={helperText ? `${id}-helper` : undefined}
        />
        {endAdornment ? <div className="lp-adornment">{endAdornment}</div> : null}
        <label className="lp-label" htmlFor={id}>
          {label}
        </label>
        <fieldset aria-hidden className="lp-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText ? (
        <p id={`${id}-helper`} className="lp-helper">
          {helperText === ' ' ? (
            // MUI's trick: a zero-width space keeps the line's height when there is no message yet
            <span aria-hidden>&#8203;</span>
          ) : (
            helperText
          )}
        </p>
      ) : null}
    </div>
  );
}
