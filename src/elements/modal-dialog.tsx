import { useEffect, useRef, type ReactNode } from 'react';

/** A modal question, open while it is drawn: focus stays in it, Escape cancels. */
export function ModalDialog({ labelledBy, describedBy, onCancel, children }: { labelledBy: string; describedBy: string; onCancel: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
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
