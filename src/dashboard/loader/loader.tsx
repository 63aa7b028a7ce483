import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';

/** Spec part 3 section 4: messages change every 4 s; the loader hides 1 s after the work is done. */
export const LOADER_MESSAGES = ['Fetching data...', 'Streamlining...', 'Applying filters...', 'Synchronizing...', 'Almost there...'] as const;
export const MESSAGE_MS = 4000;
export const HIDE_AFTER_MS = 1000;

/** The loading overlay: shown while `busy`, then for 1 s more; its message cycles and stays on the last. */
export function Loader({ busy }: { busy: boolean }) {
  const { t } = useElement();
  const [index, setIndex] = useState(0);
  const [hidden, setHidden] = useState(!busy);
  const [wasBusy, setWasBusy] = useState(busy);
  // A new load shows the loader again from the first message.
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (busy) {
      setHidden(false);
      setIndex(0);
    }
  }
  useEffect(() => {
    if (busy) {
      const timer = setInterval(() => setIndex((i) => Math.min(i + 1, LOADER_MESSAGES.length - 1)), MESSAGE_MS);
      return () => clearInterval(timer);
    }
    const hide = setTimeout(() => setHidden(true), HIDE_AFTER_MS);
    return () => clearTimeout(hide);
  }, [busy]);
  const visible = busy || !hidden;
  if (!visible) return null;
  return (
    <div className="loader" role="status" aria-live="polite" data-busy={busy}>
      <span className="spinner" aria-hidden="true" />
      {t(`dashboard.loader.${index}`, { defaultValue: LOADER_MESSAGES[index] })}
    </div>
  );
}
