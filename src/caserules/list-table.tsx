import { useElement } from '../elements/element-context';

/** A row's Edit and Delete, each named with the row's name for a screen reader. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useElement();
  return (
    <td>
      <div className="actions">
        <button type="button" className="secondary" onClick={onEdit}>
          {t('caseRules.edit')}
          <span className="cx-visually-hidden"> {name}</span>
        </button>
        <button type="button" className="secondary danger" onClick={onDelete}>
          {t('caseRules.delete')}
          <span className="cx-visually-hidden"> {name}</span>
        </button>
      </div>
    </td>
  );
}
