import { useElement } from '../elements/element-context';
import { numberFormat } from '../lib/intl';
import type { ImportRun } from './use-import';

/** A file's size in kilobytes or megabytes, as the element's language writes them. */
const sizeOf = (lang: string, bytes: number) =>
  bytes < 1_000_000
    ? numberFormat(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1000))
    : numberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);

/**
 * A file on its way and an import at work. The upload's own progress is not something a fetch can
 * report over HTTP/1.1, so it shows as an indeterminate bar with the file's size; once the server
 * reads, the rows read and written, with Cancel.
 */
export function ImportProgress({ run, onCancel }: { run: ImportRun; onCancel: () => void }) {
  const { t, lang } = useElement();
  if (run.phase === 'uploading') {
    return (
      <div className="progress" role="status">
        <p>{t('datasources.uploading', { file: run.fileName, size: sizeOf(lang, run.bytes) })}</p>
        <progress aria-label={t('datasources.uploadProgress')}></progress>
      </div>
    );
  }
  if (run.phase !== 'running') return null;
  const n = (value = 0) => numberFormat(lang).format(value);
  const read = run.status?.rowsRead ?? 0;
  const written = run.status?.rowsWritten ?? 0;
  return (
    <div className="progress">
      <h2>{t('datasources.importing')}</h2>
      {/* Written out of read: the share of what was read that is in (the file's row count is not known ahead). */}
      <progress
        aria-label={t('datasources.importProgress')}
        max={Math.max(read, 1)}
        value={written}
        aria-valuetext={t('datasources.rowsProgress', { read: n(read), written: n(written) })}
      ></progress>
      <p role="status" aria-live="polite">{t('datasources.rowsProgress', { read: n(read), written: n(written) })}</p>
      <button type="button" className="secondary" onClick={onCancel} disabled={run.cancelling}>
        {run.cancelling ? t('datasources.cancelling') : t('datasources.cancelImport')}
      </button>
    </div>
  );
}
