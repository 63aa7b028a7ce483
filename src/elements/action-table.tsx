import type { ReactNode } from 'react';
import { TableRegion } from './table-region';

interface Props {
  /** Names the scrolling group (and, given `caption`, the table itself). */
  label: string;
  /** The last column's head, read by screen readers only ("Actions"). */
  actionsHead: string;
  columns: string[];
  caption?: string;
  className?: string;
  children: ReactNode;
}

/** A table of things to manage: its column heads, then a last column for each row's actions. */
export function ActionTable({ label, actionsHead, columns, caption, className, children }: Props) {
  return (
    <TableRegion label={label}>
      <table className={className}>
        {caption && <caption className="cx-visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <th scope="col">
              <span className="cx-visually-hidden">{actionsHead}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
