import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import type { LayoutItem, VisualDefinition } from '../../api/visual-types';
import type { Edits } from './edits';

export interface PropertyEditorProps {
  definition: VisualDefinition;
  /** The tile's place in the grid; a tile on its own (cx-visual) has none. */
  place?: LayoutItem;
  edits: Edits;
  columns: number;
  onLayout: (name: string, changes: Partial<LayoutItem>) => void;
  onSetting: (name: string, changes: Record<string, unknown>) => void;
  onClose: () => void;
}

/** A setting's name in words: its translation, else the key spelt out ('ClickBehaviour' is 'Click behaviour'). */
export function fieldLabel(t: TFunction, key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2').split(' ');
  const spelt = words.map((w, i) => (i > 0 && /^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w)).join(' ');
  return t(`dashboard.editor.fields.${key}`, { defaultValue: spelt });
}

/** The floating property editor: the visual's name, type, place and settings in words, and a JSON view of every change; Escape closes it. */
export function PropertyEditor({ definition, place, edits, columns, onLayout, onSetting, onClose }: PropertyEditorProps) {
  const { t } = useElement();
  const [view, setView] = useState<'properties' | 'json'>('properties');
  const heading = useRef<HTMLHeadingElement>(null);
  const name = definition.name;
  // Opened for a tile, the panel takes the focus, so the keyboard continues in it.
  useEffect(() => heading.current?.focus(), [name]);
  const number = (at: LayoutItem, key: 'x' | 'y' | 'w' | 'h', min: number, max: number) => (
    <label>
      {t(`dashboard.editor.${key}`)}
      <input
        type="number"
        min={min}
        max={max}
        value={at[key]}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (Number.isInteger(v) && v >= min && v <= max) onLayout(name, { [key]: v });
        }}
      />
    </label>
  );
  return (
    <aside className="property-editor" aria-labelledby="property-editor-title" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}>
      <header>
        <h2 id="property-editor-title" ref={heading} tabIndex={-1}>{t('dashboard.editor.title', { name })}</h2>
        <button type="button" className="link" onClick={onClose}>
          {t('dashboard.editor.close')}
        </button>
      </header>
      <div role="tablist" aria-label={t('dashboard.editor.views')} className="editor-views">
        {(['properties', 'json'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => setView(v)}>
            {t(`dashboard.editor.${v}`)}
          </button>
        ))}
      </div>
      {view === 'properties' ? (
        <div className="properties">
          <p>
            <strong>{t('dashboard.editor.type')}</strong> {definition.template}
          </p>
          {Object.entries(definition.templateBindings)
            .filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]))
            .map(([key, value]) => (
              <Setting key={key} label={fieldLabel(t, key)} value={value} onChange={(v) => onSetting(name, { [key]: v })} />
            ))}
          {place && (
            <div className="numbers">
              {number(place, 'x', 0, columns - 1)}
              {number(place, 'y', 0, 99)}
              {number(place, 'w', 1, columns)}
              {number(place, 'h', 1, 100)}
            </div>
          )}
        </div>
      ) : (
        <pre className="json" aria-label={t('dashboard.editor.json')} tabIndex={0}>
          {JSON.stringify(edits, null, 2)}
        </pre>
      )}
    </aside>
  );
}

/** One plain setting as an input of its kind; a number that does not parse is not applied. */
function Setting({ label, value, onChange }: { label: string; value: string | number | boolean; onChange: (v: string | number | boolean) => void }) {
  if (typeof value === 'boolean') {
    return (
      <label className="check">
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
    );
  }
  return (
    <label>
      {label}
      <input
        type={typeof value === 'number' ? 'number' : 'text'}
        value={value}
        onChange={(e) => {
          if (typeof value !== 'number') return onChange(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n)) onChange(n);
        }}
      />
    </label>
  );
}
