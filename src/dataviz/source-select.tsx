import type { SourceChoice } from './home-data';

/** A data source select: a first choice of the caller's (none yet, the same source, the file's), then the sources. */
export function SourceSelect({ label, first, sources, value, onChange }: { label: string; first: string; sources: SourceChoice[]; value: string; onChange: (id: string) => void }) {
  return (
    <label>
      {label}
      <select name="moduleId" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{first}</option>
        {sources.map((s) => (
          <option key={s.id} value={s.id}>{s.name}</option>
        ))}
      </select>
    </label>
  );
}
