import type { TFunction } from 'i18next';

/** The two-step delete: a button, then a question with Delete and Cancel. */
export function ConfirmDelete({ t, label, question, confirming, onAsk, onConfirm, onCancel }: {
  t: TFunction;
  label: string;
  question: string;
  confirming: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (!confirming) {
    return (
      <button type="button" className="secondary" onClick={onAsk}>
        {label}
      </button>
    );
  }
  return (
    <>
      <span role="alert">{question}</span>
      <button type="button" className="danger" onClick={onConfirm}>
        {t('users.confirm')}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('users.cancel')}
      </button>
    </>
  );
}
