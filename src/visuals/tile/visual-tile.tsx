import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { TFunction } from 'i18next';
import type { Block, VisualDefinition, VisualItem } from '../../api/visual-types';
import { chartMode, drawsSecondary } from '../common/chart-mode';
import { dataPeriodText } from '../common/format';
import { hasDataFor, hasValues, type NoDataCategory } from '../common/rows';
import { setting } from '../common/settings';
import type { SelectionInput } from '../common/visual-props';
import { describeSelection, picksOthers, selectionsShownIn, type VisualSelection } from '../common/selection';
import { headlineFigure, isHeadline } from '../common/headline';
import { VISUALS } from './registry';

export interface VisualTileProps {
  item: VisualItem;
  definition: VisualDefinition;
  secondary?: Block;
  /** This visual's selections. */
  selections: readonly VisualSelection[];
  /** Every selection of the dashboard (or filter scope): what the secondary data is filtered by. */
  allSelections?: readonly VisualSelection[];
  onSelect: (s: VisualSelection) => void;
  onClear: () => void;
  /** After each draw, with the rows of its data (0 for 'No results found for selection'; 1 for a review tile's data). */
  onDrawn: (name: string, count: number) => void;
  /** Bumped with each new answer: the visual redraws and reports drawn again. */
  generation: number;
  /** In edit mode: the edit action opens the editor with this visual. */
  onEdit?: (name: string) => void;
}

const NO_DATA = ['AlwaysShowVisual', 'ThisPeriodData', 'LastPeriodData', 'BothPeriods'] as const;

/**
 * Visuals that draw the secondary series over the primary one; the others show it in place of the
 * primary. Single-figure tiles keep the overall figure too, and state the selection's in words.
 */
const OVERLAYS = new Set<string>(['Gauge', 'StackedBar', 'MultiLineChart']);
const keepsPrimary = (template: string) => OVERLAYS.has(template) || isHeadline(template);

/**
 * What a visual shows (spec part 3, chart modes): when its mode draws secondary data and it has no
 * overlay of its own (tables, lists, counts, other charts), the secondary series, that is the data
 * under the other charts' selections, take the place of the primary ones.
 */
function shownBlock(template: string, primary: Block, secondary: Block | undefined, draws: boolean): Block {
  if (!secondary || !draws || keepsPrimary(template)) return primary;
  // A review tile's data (its `review`) follows the selection as a chart's series do.
  const series = Object.fromEntries(Object.entries(secondary).filter(([k]) => k.startsWith('data') || k === 'review'));
  return { ...primary, ...series };
}

/**
 * What the selection does to a tile, in words: a single-figure tile gives the selection's figure
 * ('NPS for Online or Store: -3.0%'), any other tile the selection it is filtered by.
 */
function selectionNote(t: TFunction, template: string, settings: Record<string, unknown>, title: string, secondary: Block | undefined, selections: readonly VisualSelection[], lang: string): string {
  if (!secondary || !selections.length) return '';
  const selection = describeSelection(selections, lang);
  if (!isHeadline(template)) return t('visuals.selectionNote', { selection });
  return t('visuals.selectionFigure', { measure: title, selection, value: headlineFigure(template, settings, secondary, lang) ?? t('visuals.noFigure') });
}

/** One tile: header, sub-header (text or the data period), actions, and the visual or 'No results found for selection'. */
// Memo: a dashboard renders again as each tile is drawn; the tiles whose props are the same stay as they are.
export const VisualTile = memo(function VisualTile({ item, definition, secondary, selections, allSelections, onSelect, onClear, onDrawn, onEdit, generation }: VisualTileProps) {
  const { t, lang } = useElement();
  const body = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const settings = definition.templateBindings as Record<string, unknown>;
  const everySelection = allSelections ?? selections;
  // Another tile's selection on this tile's dimension filters it as its own would (ORed): it shows here too.
  const shownSelections = selectionsShownIn(item.name, item.primary.data?.filterKey, everySelection);
  const mode = chartMode(shownSelections, secondary);
  const follows = drawsSecondary(mode, setting(settings, 'SelectionMode', 'SinglePrimary') as never);
  const primary = shownBlock(definition.template, item.primary, secondary, follows);
  const series = primary.data;
  const noData = setting<NoDataCategory>(settings, 'NoDataCategory', 'ThisPeriodData', NO_DATA);
  // Records in the period are not enough: a tile whose rows hold no value shows the no-data text too.
  // A review tile says itself when it has nothing (the feed's empty states differ by tab).
  const show = primary.review ? true : hasDataFor(series, noData) && (series?.content.length ?? 0) > 0 && (noData === 'AlwaysShowVisual' || hasValues(series, definition.template));
  const count = show ? (series?.content.length ?? 1) : 0;
  // A new callback per answer: every visual's draw effect depends on it, so each answer redraws.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const drawn = useCallback(() => onDrawn(item.name, count), [onDrawn, item.name, count, generation]);
  const headerId = `tile-${item.name}-header`;

  // A body whose content scrolls (a long list of comments) takes the focus, so the keyboard can scroll it.
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const measure = () => {
      setSize((s) => (s && s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }));
      setScrolls(el.scrollHeight > el.clientHeight + 1);
    };
    // The first size comes from the observer too, once the page is laid out anyway: measured here,
    // each tile mounted would lay the page out again at once.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // Content drawn (a chart's hundreds of nodes, a list growing) is measured once a frame: reading
    // the layout after every batch of changes laid the page out again each time.
    let frame = 0;
    const content = new MutationObserver(() => (frame ||= requestAnimationFrame(() => ((frame = 0), measure()))));
    content.observe(el, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      content.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  useEffect(() => {
    if (!show) drawn();
  }, [show, drawn]);

  // The star chart's empty sub-header becomes the data period when there is a previous period.
  const periodSub = primary.subHeader.content === 'DataPeriod' || (definition.template === 'StarRatingChart' && !primary.subHeader.content && (series?.previousRecordCount ?? 0) > 0);
  const sub = periodSub && series ? dataPeriodText(series.currentPeriod, series.previousRecordCount > 0 ? series.previousPeriod : undefined, lang) : primary.subHeader.content;
  const Visual = VISUALS[definition.template];
  const clickable = settings.ClickBehaviour === 'Filter';
  const note = selectionNote(t, definition.template, settings, primary.header.content || item.name, secondary, everySelection, lang);
  return (
    // An article, not a region: two tiles of one visual on a page (a dashboard and a partner tile) are no landmarks to tell apart.
    <article className="tile" part="tile" aria-labelledby={headerId} data-visual={item.name} data-template={definition.template} data-mode={mode}>
      <header>
        <div className="titles">
          <h2 id={headerId}>{primary.header.content || item.name}</h2>
          {/* A tile with no data resets its sub-header (spec part 3 section 8): no period or text for figures it does not show. */}
          {show && sub && <p className="sub-header">{sub}</p>}
          {note && <p className="selection-note">{note}</p>}
        </div>
        <div className="actions">
          {selections.length > 0 && (
            <button type="button" className="link" onClick={onClear} aria-label={t('visuals.clearFiltersNamed', { name: primary.header.content || item.name })}>
              {t('visuals.clearFilters')}
            </button>
          )}
          {onEdit && (
            <button type="button" className="link" onClick={() => onEdit(item.name)} aria-label={t('visuals.editNamed', { name: primary.header.content || item.name })}>
              {t('visuals.edit')}
            </button>
          )}
        </div>
      </header>
      <div className="tile-body" ref={body} tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'group' : undefined} aria-labelledby={scrolls ? headerId : undefined}>
        {!show ? (
          <p className="no-data" role="status">
            {t('visuals.noResults')}
          </p>
        ) : (
          size && (
            <Visual
              name={item.name}
              primary={primary}
              secondary={secondary}
              definition={definition}
              settings={settings}
              mode={mode}
              selections={shownSelections}
              onSelect={
                clickable
                  ? (s: SelectionInput) => {
                      // "Others" is the rest summed, no value to filter by.
                      if (!picksOthers(series, s.axisValue)) onSelect({ visualName: item.name, ...s });
                    }
                  : undefined
              }
              onDrawn={drawn}
              width={size.width}
              height={size.height}
              lang={lang}
            />
          )
        )}
      </div>
    </article>
  );
});
