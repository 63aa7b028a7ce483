import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { TOAST_MS } from '../stores/toasts';

interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'error';
}

/** The page's own toasts, so the element tells its messages on any page (with or without the portal's toasts). */
export function useSurveyToasts() {
  const [items, setItems] = useState<Toast[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (text: string, kind: Toast['kind']) => {
      const id = next.current++;
      setItems((all) => [...all.filter((x) => x.text !== text), { id, text, kind }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );
  return { items, show, dismiss };
}

/** Toasts in a live region: read out as they come, each closable. */
export function SurveyToasts({ t, toasts }: { t: TFunction; toasts: ReturnType<typeof useSurveyToasts> }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.items.map((x) => (
        <p key={x.id} className={`toast ${x.kind}`}>
          <span>{x.text}</span>
          <button type="button" className="link" aria-label={t('survey.dismiss')} onClick={() => toasts.dismiss(x.id)}>×</button>
        </p>
      ))}
    </div>
  );
}
