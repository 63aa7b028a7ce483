import { useId, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { SurveyColumn, SurveyRow } from '../api/inportalsurvey';
import { PAGE_SIZES } from '../lib/survey-steps';
import { longInstant } from '../lib/dates';
import { TableRegion } from '../elements/table-region';

export interface PagedTableProps {
  t: TFunction;
  caption: string;
  columns: SurveyColumn[];
  rows: SurveyRow[];
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Offered only where the user may choose the page size (25, 50, 75, 100). */
  onPageSize?: (size: number) => void;
  /** The row's own controls, in a last column. */
  actions?: (row: SurveyRow) => ReactNode;
  empty: string;
  busy?: boolean;
}

const cell = (column: SurveyColumn, value: unknown) =>
  value === null || value === undefined ? '' : column.typeName === 'DateTime' ? longInstant(String(value)) : String(value);

/** A table of rows with paging; texts are rendered as text, never as markup. */
export function PagedTable({ t, caption, columns, rows, count, page, pageSize, onPage, onPageSize, actions, empty, busy }: PagedTableProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const sizeId = useId();
  return (
    <div className="paged" aria-busy={busy || undefined}>
      <TableRegion label={caption}>
        <table>
          <caption className="cx-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">{c.name}</th>
              ))}
              {actions && <th scope="col"><span className="cx-visually-hidden">{t('survey.actions')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.Id)}>
                {columns.map((c) => (
                  <td key={c.key}>{cell(c, row[c.key])}</td>
                ))}
                {actions && (
                  <td>
                    {/* A flex box inside the cell, not the cell itself: a flex td leaves the row, ending above a wrapped name. */}
                    <div className="row-actions">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {!busy && rows.length === 0 && <p className="empty">{empty}</p>}
      <nav className="pager" aria-label={caption}>
        <span>{count > 0 ? t('survey.rows', { from: page * pageSize + 1, to: Math.min(count, (page + 1) * pageSize), count }) : ''}</span>
        <button type="button" className="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>{t('survey.previous')}</button>
        <span>{t('survey.page', { page: page + 1, pages })}</span>
        <button type="button" className="secondary" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>{t('survey.nextPage')}</button>
        {onPageSize && (
          <label htmlFor={sizeId} className="inline">
            {t('survey.pageSize')}
            <select id={sizeId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </label>
        )}
      </nav>
    </div>
  );
}
