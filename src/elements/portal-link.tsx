import type { ReactNode } from 'react';
import { useElement } from './element-context';

/**
 * A link to a portal path: a real `<a href>` (new tab, copy link and keyboard work; outside the
 * host portal an address on the portal's origin) whose plain click fires `cx-navigate` instead.
 */
export function PortalLink({
  to,
  children,
  className,
  onFollow,
  before,
  ...aria
}: {
  to: string;
  children: ReactNode;
  className?: string;
  role?: string;
  'aria-current'?: 'page';
  /** Told of every activation, however it opens (telemetry). */
  onFollow?: () => void;
  /** Awaited before the host navigates (the builder saves its draft first). */
  before?: () => Promise<unknown>;
}) {
  const { go, href } = useElement();
  return (
    <a
      href={href(to)}
      className={className}
      {...aria}
      onClick={(event) => {
        onFollow?.();
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (before) void before().finally(() => go(to));
        else go(to);
      }}
    >
      {children}
    </a>
  );
}
