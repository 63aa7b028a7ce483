import { useEffect, useState } from 'react';
import type { SmartFilter } from '../../stores/filters';

const ATTRIBUTES = ['key', 'field', 'value', 'from', 'to'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The end of a range as the API takes it: a day means up to its last millisecond. */
const upper = (to: string) => (DAY.test(to) ? `${to}T23:59:59.999` : to);

/** The filters a tile's `cx-filter` children write (read from their attributes, so they work before the tag loads). */
export function childFilters(host: Element): SmartFilter[] {
  return [...host.children]
    .filter((c) => c.localName === 'cx-filter' && (c.getAttribute('field') ?? c.getAttribute('key')))
    .map((c) => {
      const filterKey = (c.getAttribute('field') ?? c.getAttribute('key'))!;
      const from = c.getAttribute('from');
      const to = c.getAttribute('to');
      if (from || to) return { filterKey, filterValue: from ?? null, filterValueUpperBound: to ? upper(to) : null };
      return { filterKey, filterValue: c.getAttribute('value') ?? '' };
    });
}

/** A tile's child filters, kept current as children come, go or change. */
export function useChildFilters(host: Element): SmartFilter[] {
  const [filters, setFilters] = useState(() => childFilters(host));
  useEffect(() => {
    const read = () => setFilters((old) => {
      const next = childFilters(host);
      return JSON.stringify(next) === JSON.stringify(old) ? old : next;
    });
    const observer = new MutationObserver(read);
    observer.observe(host, { childList: true, subtree: true, attributes: true, attributeFilter: ATTRIBUTES });
    read();
    return () => observer.disconnect();
  }, [host]);
  return filters;
}
