import { useState } from 'react';
import { useElement } from '../../src/elements/element-context';
import { defineElement } from '../../src/elements/define';
import { ShareDialog } from '../../src/dashboard/builder/share-dialog';
import type { DashboardDocument } from '../../src/api/dashboard-builder';
import forms from '../../src/account/shared/forms.css?inline';
import styles from '../../src/dashboard/builder/share-dialog.css?inline';

/** A test-only element: a button opening the share dialog of `dashboard`, as the builder's toolbar does; cx-saved and cx-close tell the tests. */
function ShareHarness({ dashboard }: { dashboard?: DashboardDocument }) {
  const { emit } = useElement();
  const [open, setOpen] = useState(false);
  if (!dashboard) return null;
  return (
    <>
      <button type="button" className="open-share" onClick={() => setOpen(true)}>
        Share
      </button>
      {open && (
        <ShareDialog
          document={dashboard}
          onSaved={(saved) => emit('saved', saved)}
          onClose={() => {
            setOpen(false);
            emit('close', {});
          }}
        />
      )}
    </>
  );
}

defineElement({ tag: 'cx-test-share', component: ShareHarness, styles: forms + styles, attributes: [{ prop: 'dashboard', type: 'json' }] });
