import type { FormEvent, ReactNode } from 'react';

/**
 * The form of a dialog (around its DialogContent and DialogActions): a flex column like the dialog's paper, so that a
 * tall form scrolls inside its DialogContent and the actions stay visible (a plain <form> made the whole paper scroll,
 * and on a phone the submit button sat below the screen).
 */
export function DialogForm({ onSubmit, children }: { onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      {children}
    </form>
  );
}
