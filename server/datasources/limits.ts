/** How much a preview reads and accepts (docs/decisions.md); DATASOURCE_* settings and tests may change them. */
export interface PreviewLimits {
  /** The largest file accepted, in bytes (DATASOURCE_MAX_BYTES; default 200 MB). */
  maxBytes: number;
  /** The most columns a data source holds. */
  maxColumns: number;
  /** Rows read to propose types and roles (the rest of the file is not parsed). */
  sampleRows: number;
  /** Rows the answer shows. */
  previewRows: number;
  /** Previews the whole process runs at once (each user runs one at a time). */
  parallel: number;
  /** Imports the whole process runs at once (each source one at a time, in the database). */
  importParallel: number;
  /** Rows an import writes at a time; its progress and a cancel are seen between batches. */
  importBatchRows: number;
}

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export const PREVIEW_LIMITS: PreviewLimits = {
  maxBytes: Number(process.env.DATASOURCE_MAX_BYTES) || DEFAULT_MAX_BYTES,
  maxColumns: 1000,
  sampleRows: 5000,
  previewRows: 20,
  parallel: 4,
  importParallel: 2,
  importBatchRows: 20_000,
};

export const previewLimits = (given?: Partial<PreviewLimits>): PreviewLimits => ({ ...PREVIEW_LIMITS, ...given });

/** "200 MB", "512 KB": a limit as a person reads it. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
