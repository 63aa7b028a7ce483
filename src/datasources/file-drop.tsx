import { useRef, useState, type DragEvent } from 'react';
import type { TFunction } from 'i18next';

/** The formats an import reads (the picker offers them first; the server judges the file itself). */
const ACCEPT = '.csv,.tsv,.txt,.xlsx,.jsonl,.ndjson,.json,.parquet';

/**
 * Where a file comes in: dropped on the zone, or chosen with the picker (a real button, so the
 * keyboard reaches it). Tells `onFile` of the one file; a drop of several takes the first.
 */
export function FileDrop({ t, onFile, disabled, label }: { t: TFunction; onFile: (file: File) => void; disabled?: boolean; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  const drag = (event: DragEvent, entering: boolean) => {
    event.preventDefault();
    setOver(entering);
  };
  return (
    <div
      className={over ? 'drop-zone over' : 'drop-zone'}
      part="drop-zone"
      onDragEnter={(e) => drag(e, true)}
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={(e) => {
        drag(e, false);
        take(e.dataTransfer.files);
      }}
    >
      <p>{label}</p>
      <p className="hint">{t('datasources.formats')}</p>
      <button type="button" disabled={disabled} onClick={() => input.current?.click()}>
        {t('datasources.chooseFile')}
      </button>
      {/* The picker itself stays out of sight and out of the tab order: the button opens it. */}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={t('datasources.chooseFile')}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
