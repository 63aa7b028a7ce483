import { useElement } from '../../src/elements/element-context';
import { defineElement } from '../../src/elements/define';
import { VisualTile } from '../../src/visuals/tile/visual-tile';
import { VisualSource } from '../../src/visuals/common/visual-source';
import type { Block, VisualDefinition, VisualItem } from '../../src/api/visual-types';
import type { VisualSelection } from '../../src/visuals/common/selection';
import styles from '../../src/visuals/tile/tile.css?inline';

/** A test-only element showing one tile from fixed props; its callbacks become events the tests listen to. */
function TileHarness(props: { item?: VisualItem; definition?: VisualDefinition; secondary?: Block; selections?: VisualSelection[]; allSelections?: VisualSelection[]; generation?: number; width?: number; height?: number; moduleId?: string }) {
  const { emit } = useElement();
  if (!props.item || !props.definition) return null;
  return (
    <VisualSource.Provider value={props.moduleId ? { moduleId: props.moduleId, smartFilters: [] } : null}>
    <div style={{ width: props.width ?? 560, height: props.height ?? 360 }}>
      <VisualTile
        item={props.item}
        definition={props.definition}
        secondary={props.secondary}
        selections={props.selections ?? []}
        allSelections={props.allSelections}
        onSelect={(s) => emit('select', s)}
        onClear={() => emit('clear', {})}
        onDrawn={(name) => emit('drawn', { name })}
        onEdit={(name) => emit('edit', { name })}
        generation={props.generation ?? 1}
      />
    </div>
    </VisualSource.Provider>
  );
}

defineElement({
  tag: 'cx-test-tile',
  component: TileHarness,
  styles,
  attributes: [
    { prop: 'item', type: 'json' },
    { prop: 'definition', type: 'json' },
    { prop: 'secondary', type: 'json' },
    { prop: 'selections', type: 'json' },
    { prop: 'allSelections', type: 'json' },
    { prop: 'generation', type: 'number' },
    { prop: 'width', type: 'number' },
    { prop: 'height', type: 'number' },
    { prop: 'moduleId', type: 'string' },
  ],
});
