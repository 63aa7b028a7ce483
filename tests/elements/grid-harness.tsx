import { useState } from 'react';
import { defineElement } from '../../src/elements/define';
import { Grid } from '../../src/dashboard/dashboard/grid';
import { moveTile, resizeTile } from '../../src/lib/grid-layout';
import type { LayoutItem } from '../../src/api/visual-types';
import styles from '../../src/dashboard/dashboard/dashboard.css?inline';

/** A test-only element: the editing grid over `layout`, moving and resizing as the builder does; each tile titled by its name in capitals. */
function GridHarness({ layout }: { layout?: LayoutItem[] }) {
  return layout ? <EditingGrid start={layout} /> : null;
}

function EditingGrid({ start }: { start: LayoutItem[] }) {
  const [layout, setLayout] = useState(start);
  const titles = Object.fromEntries(layout.map((l) => [l.name, l.name.toUpperCase()]));
  return (
    <Grid layout={layout} columns={12} editor titles={titles} onMove={(name, x, y) => setLayout((l) => moveTile(l, name, x, y))} onResize={(name, w, h) => setLayout((l) => resizeTile(l, name, w, h))}>
      {(name) => <p className="tile-text">{name}</p>}
    </Grid>
  );
}

defineElement({ tag: 'cx-test-grid', component: GridHarness, styles, attributes: [{ prop: 'layout', type: 'json' }] });
