import { useEffect, useRef, type ReactNode } from 'react';

/** The focused element, inside shadow roots too (an element's own button, not its host). */
function focusedElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** A modal question, open while it is drawn: focus stays in it, Escape cancels, and focus goes back to what opened it. */
export function ModalDialog({ labelledBy, describedBy, onCancel, children }: { labelledBy: string; describedBy?: string; onCancel: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    const opener = focusedElement();
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control; a question names the safer one (Cancel) with data-autofocus.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      // A dialog taken out of the page gives no focus back by itself.
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
