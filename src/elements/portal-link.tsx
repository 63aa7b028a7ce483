import type { ReactNode } from 'react';
import { useElement } from './element-context';

/**
 * A link to a portal path: a real `<a href>` (new tab, copy link and keyboard work) whose plain
 * click asks the host to navigate instead of reloading the page.
 */
export function PortalLink({ to, children, className, onFollow, ...aria }: { to: string; children: ReactNode; className?: string; role?: string; 'aria-current'?: 'page'; /** Told of every activation, however it opens (telemetry). */ onFollow?: () => void }) {
  const { go } = useElement();
  return (
    <a
      href={to}
      className={className}
      {...aria}
      onClick={(event) => {
        onFollow?.();
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
