import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';

/**
 * Spec part 3 section 4: messages change every 4 s. The overlay goes as soon as the tiles are
 * drawn (issue 43): the spec's second more covered the filter buttons of a page already drawn.
 */
export const LOADER_MESSAGES = ['Fetching data...', 'Streamlining...', 'Applying filters...', 'Synchronizing...', 'Almost there...'] as const;
export const MESSAGE_MS = 4000;

/** The loading overlay: shown while `busy`; its message cycles and stays on the last. */
export function Loader({ busy }: { busy: boolean }) {
  const { t } = useElement();
  const [index, setIndex] = useState(0);
  const [wasBusy, setWasBusy] = useState(busy);
  // A new load shows the loader again from the first message.
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (busy) setIndex(0);
  }
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => setIndex((i) => Math.min(i + 1, LOADER_MESSAGES.length - 1)), MESSAGE_MS);
    return () => clearInterval(timer);
  }, [busy]);
  if (!busy) return null;
  return (
    <div className="loader" role="status" aria-live="polite" data-busy={busy}>
      <span className="spinner" aria-hidden="true" />
      {t(`dashboard.loader.${index}`, { defaultValue: LOADER_MESSAGES[index] })}
    </div>
  );
}
