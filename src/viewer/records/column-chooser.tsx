import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { useDismiss } from '../../elements/use-dismiss';
import type { SchemaColumn } from '../../api/viewer';
import { isVisible, moveColumn, orderColumns, toggleColumn, viewFor } from '../../stores/view-state';

/**
 * Which columns the grid shows and in which order: a checkbox and move buttons per column. The
 * choice lives in the scope's view state, so a favourite saves it.
 */
export function ColumnChooser({ columns, scope }: { columns: SchemaColumn[]; scope: string }) {
  const { t } = useElement();
  const store = viewFor(scope);
  const view = useStore(store);
  const ordered = orderColumns(columns, view.columnsInOrder);
  const keys = ordered.map((c) => c.key);
  const ref = useDismiss();
  const move = (key: string, by: -1 | 1) => store.setKey('columnsInOrder', moveColumn(keys, key, by));
  return (
    <details className="chooser" ref={ref}>
      <summary>{t('viewer.columns')}</summary>
      <div className="chooser-panel">
      <ul aria-label={t('viewer.columns')}>
        {ordered.map((c, i) => (
          <li key={c.key}>
            <label>
              <input type="checkbox" checked={isVisible(view, c.key)} onChange={() => store.setKey('visibleColumns', toggleColumn(keys, view.visibleColumns, c.key))} /> {c.name}
            </label>
            <button type="button" className="icon" disabled={i === 0} onClick={() => move(c.key, -1)} aria-label={t('viewer.moveUp', { name: c.name })}>↑</button>
            <button type="button" className="icon" disabled={i === ordered.length - 1} onClick={() => move(c.key, 1)} aria-label={t('viewer.moveDown', { name: c.name })}>↓</button>
          </li>
        ))}
      </ul>
      <button type="button" className="link" onClick={() => store.set({ ...store.get(), columnsInOrder: [], visibleColumns: [] })}>{t('viewer.resetColumns')}</button>
      </div>
    </details>
  );
}
