import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';

/** Spec part 3: texts longer than about 25 characters (drivers, header, details) or 76 (verbatims) collapse. */
export const COLLAPSE_AT = { short: 25, verbatim: 76 } as const;

const plain = (shown: string): ReactNode => shown;

/**
 * A text cut at `limit` characters with a button that shows all of it (and hides it again); `render`
 * draws the part shown (highlighted words), the cut's ellipsis not part of it.
 */
export function Collapsible({ t, text, limit, render = plain }: { t: TFunction; text: string; limit: number; render?: (shown: string) => ReactNode }) {
  const [open, setOpen] = useState(false);
  if (text.length <= limit) return <>{render(text)}</>;
  return (
    <>
      {open ? render(text) : <>{render(text.slice(0, limit).trimEnd())}…</>}{' '}
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t(open ? 'case.showLess' : 'case.showMore')}
      </button>
    </>
  );
}
