import { useElement } from '../elements/element-context';

/** Which roles may read the source; none ticked: every role that reads dashboards. */
export function SourceReaders({ all, chosen, onChange }: { all: string[]; chosen: string[]; onChange: (next: string[]) => void }) {
  const { t } = useElement();
  const names = [...new Set([...all, ...chosen])];
  return (
    <fieldset>
      <legend>{t('datasources.readers')}</legend>
      <p className="hint">{t('datasources.readersHint')}</p>
      {names.map((role) => (
        <label key={role} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(role)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, role] : chosen.filter((r) => r !== role))}
          />
          <span translate="no">{role}</span>
        </label>
      ))}
    </fieldset>
  );
}
