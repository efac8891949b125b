import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import { themeOptions } from '../layout/theme';
import './login.css';

/**
 * The small pieces of the sign-in screens, as plain elements styled by login.css (no Emotion, no MUI runtime on the
 * first screen): they look like the MUI components the console uses. Icon paths are Material Icons' (as in
 * @mui/icons-material).
 */
export const ICONS = {
  lock: 'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2',
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  checkBox:
    'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
  checkBoxBlank: 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z',
} as const;

/** The console theme's colours, radius and font (src/layout/theme.ts) as the custom properties of login.css. */
export const themeVars = ((): CSSProperties => {
  const palette = themeOptions.palette as { primary: { main: string }; background: { default: string } };
  const main = palette.primary.main;
  const rgb = [1, 3, 5].map((i) => parseInt(main.slice(i, i + 2), 16));
  return {
    '--lp-primary': main,
    // MUI's primary.dark: the main colour darkened by 0.3 (tonalOffset 0.2 × 1.5)
    '--lp-primary-dark': `rgb(${rgb.map((c) => Math.trunc(c * 0.7)).join(', ')})`,
    '--lp-primary-40': `rgba(${rgb.join(', ')}, 0.4)`,
    '--lp-bg': palette.background.default,
    '--lp-radius': `${(themeOptions.shape as { borderRadius: number }).borderRadius}px`,
    '--lp-font': (themeOptions.typography as { fontFamily: string }).fontFamily,
  } as CSSProperties;
})();

/** A 24 px Material icon (20 px when small). */
export function Icon({ path, small }: { path: string; small?: boolean }) {
  return (
    <svg className={small ? 'lp-icon lp-icon-small' : 'lp-icon'} viewBox="0 0 24 24" focusable="false" aria-hidden>
      <path d={path} />
    </svg>
  );
}

/** An indeterminate progress circle (MUI CircularProgress), in the text colour or the primary colour. */
export function Spinner({ size, primary }: { size: number; primary?: boolean }) {
  return (
    <span
      role="progressbar"
      className={primary ? 'lp-spin lp-spin-primary' : 'lp-spin'}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

/** The large contained submit button of a sign-in step, with a spinner while busy. */
export function SubmitButton({
  busy,
  children,
  ...rest
}: { busy: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" className="lp-button" disabled={busy} {...rest}>
      {busy ? (
        <span className="lp-start-icon">
          <Spinner size={18} />
        </span>
      ) : null}
      {children}
    </button>
  );
}

/** A text button that looks like a link (MUI Link as a button, body2). */
export function LinkButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="lp-link lp-body2" {...props} />;
}

/** A labelled checkbox (MUI FormControlLabel + Checkbox). */
export function CheckboxField({
  name,
  label,
  checked,
  disabled,
  onChange,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={disabled ? 'lp-check-label lp-disabled' : 'lp-check-label'}>
      <span className={checked ? 'lp-check lp-check-on' : 'lp-check'}>
        <input
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <Icon path={checked ? ICONS.checkBox : ICONS.checkBoxBlank} />
      </span>
      <span className="lp-check-text">{label}</span>
    </label>
  );
}
