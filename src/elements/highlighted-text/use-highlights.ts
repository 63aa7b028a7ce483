import { useEffect, useRef, useState } from 'react';
import { useElement } from '../element-context';
import { isBadRequest } from '../../api/client';
import { MAX_HIGHLIGHT_ROWS, textHighlights, type RowHighlights } from '../../api/text';

type Known = { sourceId?: string; rows: Record<string, RowHighlights> };

/**
 * The highlights of the rows on screen, asked in one call for the keys not asked yet (at most 200):
 * scrolling asks only for the new rows. Until the answer, and for good after a failure, a row has
 * none, so its text shows plain; a row the server leaves out (no verbatim, outside the caller's
 * claims) stays plain too.
 */
export function useHighlights(sourceId: string | undefined, rowKeys: readonly string[]): Record<string, RowHighlights> {
  const { api } = useElement();
  const [known, setKnown] = useState<Known>({ sourceId, rows: {} });
  const asked = useRef<{ sourceId?: string; keys: Set<string> }>({ sourceId, keys: new Set() });
  const wanted = rowKeys.join('\n');

  useEffect(() => {
    if (!sourceId) return;
    if (asked.current.sourceId !== sourceId) asked.current = { sourceId, keys: new Set() };
    const keys = asked.current.keys;
    const missing = [...new Set(wanted.split('\n'))].filter((k) => k && !keys.has(k)).slice(0, MAX_HIGHLIGHT_ROWS);
    if (!missing.length) return;
    for (const k of missing) keys.add(k);
    textHighlights(sourceId, missing, api)
      .then((res) => {
        if (isBadRequest(res) || !res?.rows) return;
        setKnown((k) => (k.sourceId === sourceId ? { sourceId, rows: { ...k.rows, ...res.rows } } : { sourceId, rows: res.rows }));
      })
      // Highlights are a help to reading: without them the text is all there, plain.
      .catch(() => undefined);
  }, [api, sourceId, wanted]);
  // Another source's rows never show on this one's texts.
  return known.sourceId === sourceId ? known.rows : {};
}
