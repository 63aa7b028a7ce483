import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import type { BuilderFields } from '../../api/dashboard-builder';
import { CATEGORY_SORTS, COMPARE_WITH, MAX_TOP, TREND_BUCKETS, type MeasureKey, type VisualDefinition, type VisualQuery } from '../../api/visual-types';
import { measureChoices, measureName, settingsOf, type DisplayOption } from '../../lib/visual-catalogue';
import { followMeasure } from '../../lib/visual-starters';
import { dimensionsOf, measureParts } from '../../lib/visual-roles';
import { fieldLabel } from '../editor/property-editor';
import { titleOf } from './body';
import { NumberField } from './number-field';
import { builderWords } from './words';
import { TileFilters } from './tile-filters';

type Patch = Record<string, unknown>;

/** Drops the keys set to undefined (an option back to its default leaves the query). */
const compact = (o: Patch) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/**
 * "Tile settings": what the tile measures, by what, time by, compared with what, top N and the
 * rest as Others, its own filters, the order, its title and the visual's display options; only the
 * settings the visual offers and the choices the source's roles allow. Each change is one undoable
 * change of the draft (a text typed is one, not one per key), and the tile's preview follows it.
 */
export function TileSettings({ definition, fields, onChange, onClose }: { definition: VisualDefinition; fields: BuilderFields; onChange: (d: VisualDefinition, typing?: string) => void; onClose: () => void }) {
  const { t } = useElement();
  // Measures named, and titles followed, in the builder's language (as the tile was titled).
  const words = builderWords(t);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened for a tile (a new one too), the panel takes the focus: the keyboard goes on in it.
  useEffect(() => heading.current?.focus(), []);
  const bindings = definition.templateBindings;
  const query = bindings.Query;
  const q = query as VisualQuery & Patch;
  const offered = settingsOf(definition.template);
  const has = (s: (typeof offered.query)[number]) => offered.query.includes(s);
  // `typing`: a text typed key by key; the keys in one field within a second are one undo step.
  const setBindings = (patch: Patch, typing?: string) => onChange({ ...definition, templateBindings: compact({ ...bindings, ...patch }) as VisualDefinition['templateBindings'] }, typing);
  const setQuery = (patch: Patch) => setBindings({ Query: compact({ ...query, ...patch }) });

  const measures = measureChoices(fields);
  const dimensions = dimensionsOf(fields);
  const measureOptions = (current: MeasureKey) => {
    const shares = measures.filter((m) => m.startsWith('share:'));
    const plain = measures.filter((m) => !m.startsWith('share:'));
    const byColumn = [...new Set(shares.map((m) => measureParts(m).column!))];
    return (
      <>
        {/* A measure that no longer fits the source still shows, so the choice is not changed behind the user's back. */}
        {!measures.includes(current) && <option value={current}>{measureName(current, fields, words)}</option>}
        {plain.map((m) => (
          <option key={m} value={m}>
            {measureName(m, fields, words)}
          </option>
        ))}
        {byColumn.map((column) => (
          <optgroup key={column} label={fields.fields.find((f) => f.key === column)?.name ?? column}>
            {shares
              .filter((m) => measureParts(m).column === column)
              .map((m) => (
                <option key={m} value={m}>
                  {measureName(m, fields, words)}
                </option>
              ))}
          </optgroup>
        ))}
      </>
    );
  };
  const dimensionOptions = (current: string | undefined, optional: boolean) => (
    <>
      {optional && <option value="">{t('dashboardBuilder.form.none')}</option>}
      {current && !dimensions.some((d) => d.key === current) && <option value={current}>{current}</option>}
      {dimensions.map((d) => (
        <option key={d.key} value={d.key}>
          {d.name}
        </option>
      ))}
    </>
  );
  const byKey = query.kind === 'table' ? 'rowKey' : 'axisKey';
  const currentMeasure = query.kind === 'table' ? query.measures[0] : 'measure' in query ? query.measure : undefined;
  return (
    <section className="tile-settings" aria-labelledby="tile-settings-title" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}>
      <header>
        <h2 id="tile-settings-title" ref={heading} tabIndex={-1}>
          {t('dashboardBuilder.form.title')}
        </h2>
        <button type="button" className="link" onClick={onClose}>
          {t('dashboardBuilder.form.close')}
        </button>
      </header>
      <p className="hint">{t('dashboardBuilder.form.of', { title: titleOf(definition), type: t(`dashboardBuilder.types.${definition.template}`, { defaultValue: definition.template }) })}</p>
      <label>
        {t('dashboardBuilder.form.heading')}
        <input type="text" value={String(bindings.Header ?? '')} maxLength={120} onChange={(e) => setBindings({ Header: e.target.value }, `${definition.name}:Header`)} />
      </label>
      {(has('measure') || has('measures')) && currentMeasure && (
        <Select
          label={t('dashboardBuilder.form.measure')}
          value={currentMeasure}
          onChange={(v) => {
            const patch = query.kind === 'table' ? { measures: [v, ...query.measures.slice(1).filter((m) => m !== v)] } : { measure: v };
            // One change: the measure and the formats, range and title that follow it.
            setBindings({ ...followMeasure(definition, currentMeasure, v as MeasureKey, fields, words), Query: compact({ ...query, ...patch }) });
          }}
        >
          {measureOptions(currentMeasure)}
        </Select>
      )}
      {has('by') && (query.kind === 'breakdown' || query.kind === 'table') && (
        <Select label={t('dashboardBuilder.form.by')} value={String(q[byKey] ?? '')} onChange={(v) => setQuery({ [byKey]: v })}>
          {dimensionOptions(String(q[byKey] ?? ''), false)}
        </Select>
      )}
      {has('series') && (query.kind === 'breakdown' || query.kind === 'trend') && (
        <Select label={t('dashboardBuilder.form.series')} value={query.seriesKey ?? ''} onChange={(v) => setQuery({ seriesKey: v || undefined })}>
          {dimensionOptions(query.seriesKey, true)}
        </Select>
      )}
      {has('bucket') && query.kind === 'trend' && (
        <Select label={t('dashboardBuilder.form.bucket')} value={query.bucket ?? ''} onChange={(v) => setQuery({ bucket: v || undefined })}>
          <option value="">{t('dashboardBuilder.form.auto')}</option>
          {TREND_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {t(`dashboardBuilder.form.buckets.${b}`)}
            </option>
          ))}
        </Select>
      )}
      {has('compare') && (
        <Select label={t('dashboardBuilder.form.compare')} value={String(q.compare ?? 'previous')} onChange={(v) => setQuery({ compare: v === 'previous' ? undefined : v })}>
          {COMPARE_WITH.map((c) => (
            <option key={c} value={c}>
              {t(`dashboardBuilder.form.compares.${c}`)}
            </option>
          ))}
        </Select>
      )}
      {has('top') && (
        <NumberField
          label={t('dashboardBuilder.form.top')}
          value={typeof q.top === 'number' ? q.top : undefined}
          rule={{ min: 1, max: MAX_TOP, whole: true, optional: true }}
          hint={t('dashboardBuilder.form.topHint')}
          onCommit={(top) => setQuery(top === undefined ? { top: undefined, others: undefined } : { top })}
        />
      )}
      {/* "Others" means something only when the top N leave a rest. */}
      {has('others') && q.top !== undefined && (
        <label className="check">
          <input type="checkbox" checked={q.others === true} onChange={(e) => setQuery({ others: e.target.checked || undefined })} />
          {t('dashboardBuilder.form.others')}
        </label>
      )}
      {has('sort') && (
        <Select label={t('dashboardBuilder.form.sort')} value={String(q.sort ?? 'name')} onChange={(v) => setQuery({ sort: v === 'name' ? undefined : v })}>
          {CATEGORY_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`dashboardBuilder.form.sorts.${s}`)}
            </option>
          ))}
        </Select>
      )}
      {has('limit') && query.kind === 'comments' && (
        <NumberField label={t('dashboardBuilder.form.limit')} value={query.limit} rule={{ min: 1, max: 100, whole: true }} onCommit={(limit) => setQuery({ limit })} />
      )}
      <TileFilters filters={bindings.Filters ?? []} fields={fields} onChange={(Filters) => setBindings({ Filters })} />
      {offered.display.some((o) => o.key !== 'Header') && (
        <fieldset>
          <legend>{t('dashboardBuilder.form.display')}</legend>
          {offered.display
            .filter((o) => o.key !== 'Header')
            .map((option) => (
              <DisplaySetting key={option.key} option={option} value={bindings[option.key]} onChange={(v) => setBindings({ [option.key]: v }, option.kind === 'text' ? `${definition.name}:${option.key}` : undefined)} />
            ))}
        </fieldset>
      )}
    </section>
  );
}

/** A choice's words: its translation, else the value spelt out ('PointChange': 'Point change'). */
const choiceLabel = (t: TFunction, value: string) => t(`dashboardBuilder.choices.${value}`, { defaultValue: fieldLabel(t, value) });

/** One display option: a choice or a format (a list), a yes-or-no (a box to tick), a number, or a text. */
function DisplaySetting({ option, value, onChange }: { option: DisplayOption; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useElement();
  const label = t(`dashboardBuilder.display.${option.key}`, { defaultValue: fieldLabel(t, option.key) });
  const current = value ?? option.default;
  if (option.key === 'SubHeader') return <SubHeaderSetting label={label} value={String(current)} onChange={onChange} />;
  switch (option.kind) {
    case 'boolean':
      return (
        <label className="check">
          <input type="checkbox" checked={current === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
      );
    case 'number':
      return <NumberField label={label} value={Number(current)} rule={{ min: option.min, max: option.max }} step="any" onCommit={onChange} />;
    case 'text':
      return (
        <label>
          {label}
          <input type="text" value={String(current)} maxLength={200} onChange={(e) => onChange(e.target.value)} />
        </label>
      );
    default:
      return (
        <Select label={label} value={String(current)} onChange={onChange}>
          {!(option.choices ?? []).includes(String(current)) && <option value={String(current)}>{String(current)}</option>}
          {(option.choices ?? []).map((c) => (
            <option key={c} value={c}>
              {option.kind === 'format' ? c : choiceLabel(t, c)}
            </option>
          ))}
        </Select>
      );
  }
}

/** A subheading: the period shown and the one compared (the visuals' 'DataPeriod'), none, or a text of the user's own. */
function SubHeaderSetting({ label, value, onChange }: { label: string; value: string; onChange: (v: unknown) => void }) {
  const { t } = useElement();
  const [own, setOwn] = useState(value !== 'DataPeriod' && value !== '');
  const kind = own ? 'own' : value === 'DataPeriod' ? 'DataPeriod' : 'none';
  return (
    <>
      <Select
        label={label}
        value={kind}
        onChange={(v) => {
          setOwn(v === 'own');
          if (v !== 'own') onChange(v === 'DataPeriod' ? 'DataPeriod' : '');
        }}
      >
        <option value="DataPeriod">{t('dashboardBuilder.display.subHeaderPeriod')}</option>
        <option value="none">{t('dashboardBuilder.display.subHeaderNone')}</option>
        <option value="own">{t('dashboardBuilder.display.subHeaderOwn')}</option>
      </Select>
      {own && (
        <label>
          {t('dashboardBuilder.display.subHeaderText')}
          <input type="text" value={value === 'DataPeriod' ? '' : value} maxLength={200} onChange={(e) => onChange(e.target.value)} />
        </label>
      )}
    </>
  );
}
