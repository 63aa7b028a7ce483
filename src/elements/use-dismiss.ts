import { useEffect, useRef } from 'react';

/**
 * A `<details>` that opens over the page closes as a menu does: on a pointer press outside it
 * (shadow roots included, through the event's composed path) and on Escape, which returns focus
 * to its summary.
 */
export function useDismiss<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const el = ref.current;
      if (el?.open && !e.composedPath().includes(el)) el.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      const el = ref.current;
      if (e.key !== 'Escape' || !el?.open || !e.composedPath().includes(el)) return;
      el.open = false;
      el.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return ref;
}
