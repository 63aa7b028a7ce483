import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Holds a table that may be wider than its element (a phone, long e-mail addresses): the table
 * scrolls sideways inside, never the page. While it does, it takes focus, so a keyboard can scroll
 * it too (WCAG 2.1.1; axe's scrollable-region-focusable); a table that fits adds no tab stop. A
 * named group, not a region: a landmark for every table would crowd the landmark list, and clash
 * with the section that names the same table.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current!;
    // Read in the observer's callback, after layout: no layout is forced.
    const observer = new ResizeObserver(() => setScrolls(el.scrollWidth > el.clientWidth));
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="cx-table-region" role="group" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
