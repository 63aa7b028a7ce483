import type { ReactNode } from 'react';

/**
 * Holds a table that may be wider than its element (a phone, long e-mail addresses): the table
 * scrolls sideways inside, never the page. It is named and takes focus, so a keyboard can scroll it
 * too (WCAG 2.1.1; axe's scrollable-region-focusable). A group, not a region: a landmark for every
 * table would crowd the landmark list, and clash with the section that names the same table.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cx-table-region" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
