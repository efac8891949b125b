import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useCan } from './useCan';

/** How a guarded element looks when not allowed. */
export type GuardMode = 'hide' | 'disable' | 'inert';

export interface GuardProps {
  /** Permission resource; defaults to the current route's (see useCan). */
  resource?: string;
  action: string;
  /** hide: not rendered; disable: each child gets `disabled`; inert: wrapped in an inert, aria-disabled box. */
  mode?: GuardMode;
  children: ReactNode;
}

/** Renders its children as allowed by the permissions; re-evaluated whenever they change. */
export function Guard({ resource, action, mode = 'hide', children }: GuardProps) {
  const allowed = useCan(resource, action);
  if (allowed) return <>{children}</>;
  if (mode === 'hide') return null;
  if (mode === 'disable') {
    return (
      <>
        {Children.map(children, (c) =>
          isValidElement(c) ? cloneElement(c as ReactElement<{ disabled?: boolean }>, { disabled: true }) : c,
        )}
      </>
    );
  }
  return (
    <div inert aria-disabled="true" data-guard="inert" style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
