import { useState } from 'react';
import { useElement } from '../../src/elements/element-context';
import { defineElement } from '../../src/elements/define';
import { TileSettings } from '../../src/dashboard/builder/tile-settings';
import type { BuilderFields } from '../../src/api/dashboard-builder';
import type { VisualDefinition } from '../../src/api/visual-types';
import forms from '../../src/account/shared/forms.css?inline';
import styles from '../../src/dashboard/builder/builder.css?inline';

/** A test-only element: a tile's settings panel over `definition` (a new one from outside is an undo); each change is a cx-edited event. */
function SettingsHarness({ definition, fields }: { definition?: VisualDefinition; fields?: BuilderFields }) {
  const { emit } = useElement();
  const [shown, setShown] = useState(definition);
  const [given, setGiven] = useState(definition);
  if (definition !== given) {
    setGiven(definition);
    setShown(definition);
  }
  if (!shown || !fields) return null;
  return (
    <TileSettings
      definition={shown}
      fields={fields}
      onChange={(next) => {
        setShown(next);
        emit('edited', next);
      }}
      onClose={() => emit('close', {})}
    />
  );
}

defineElement({ tag: 'cx-test-settings', component: SettingsHarness, styles: forms + styles, attributes: [{ prop: 'definition', type: 'json' }, { prop: 'fields', type: 'json' }] });
