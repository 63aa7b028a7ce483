import { defineElement } from '../../src/elements/define';
import { HighlightedText } from '../../src/elements/highlighted-text/highlighted-text';
import { useHighlights } from '../../src/elements/highlighted-text/use-highlights';

/** A test-only element: verbatims of one source, highlighted as the grid, the case and the feed do it. */
function HighlightsHarness({ sourceId, rows = [] }: { sourceId?: string; rows?: Array<{ key: string; text: string }> }) {
  const highlights = useHighlights(sourceId, rows.map((r) => r.key));
  return (
    <ul>
      {rows.map((r) => (
        <li key={r.key} data-row={r.key}>
          <HighlightedText text={r.text} highlights={highlights[r.key]} />
        </li>
      ))}
    </ul>
  );
}

defineElement({ tag: 'cx-test-highlights', component: HighlightsHarness, styles: '', attributes: [{ prop: 'sourceId', type: 'string' }, { prop: 'rows', type: 'json' }] });
