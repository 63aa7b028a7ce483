import type { ReactNode } from 'react';

/**
 * An element's line while its data loads, in place of its content: its `base` part then, so a
 * page's `::part(base)` styles reach the element in every state (docs/theming.md).
 */
export function Loading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={className} part="base" role="status">
      {children}
    </p>
  );
}

/** An element's data could not be loaded: the message in place of its content, its `base` and `error` parts. */
export function LoadFailed({ children, className = 'cx-error' }: { children: ReactNode; className?: string }) {
  return (
    <p className={className} part="base error" role="alert">
      {children}
    </p>
  );
}
