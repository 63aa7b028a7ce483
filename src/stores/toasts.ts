import { atom } from 'nanostores';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'error';
  /** A button in the toast (the refresh prompt); such a toast stays until used or closed. */
  action?: { label: string; run: () => void };
}

export const TOAST_MS = 5000;
/** Toasts shown bottom right by <cx-toasts>. */
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { ...toast, id }]);
  if (!toast.action) setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}
