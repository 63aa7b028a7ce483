import { useState } from 'react';
import type { TFunction } from 'i18next';

/** Spec part 3: texts longer than about 25 characters (drivers, header, details) or 76 (verbatims) collapse. */
export const COLLAPSE_AT = { short: 25, verbatim: 76 } as const;

/** A text cut at `limit` characters with a button that shows all of it (and hides it again). */
export function Collapsible({ t, text, limit }: { t: TFunction; text: string; limit: number }) {
  const [open, setOpen] = useState(false);
  if (text.length <= limit) return <>{text}</>;
  return (
    <>
      {open ? text : `${text.slice(0, limit).trimEnd()}…`}{' '}
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t(open ? 'case.showLess' : 'case.showMore')}
      </button>
    </>
  );
}
