import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from './element-context';
import { isBadRequest } from '../api/client';
import { rawValue } from '../api/viewer';
import { $settings, loadSettings } from '../stores/settings';
import { $session } from '../stores/session';
import { mayRevealHidden } from '../lib/roles';
import { isHiddenValue } from '../lib/profanity';

/** Where a hidden value's raw text is asked for: its module, field and record (and the module's smart-data root, the process flow's for cases). */
export interface RevealSource {
  moduleId?: string;
  field?: string;
  recordId?: unknown;
  root?: string;
}

/**
 * A profanity-cleaned value (spec part 1 section 8): 'Hidden due to offensive language.', and for
 * the roles the portal settings allow, 'Click to show.' which asks the server for the raw text (as
 * text, never HTML). Without a source to ask, the message alone.
 */
export function HiddenValue({ moduleId, field, recordId, root }: RevealSource) {
  const { t, api } = useElement();
  const settings = useStore($settings);
  const session = useStore($session);
  const [raw, setRaw] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // Who may reveal is a portal setting; loaded once per page, whichever value asks first.
  useEffect(() => void loadSettings(), []);
  const askable = !!moduleId && !!field && recordId !== null && recordId !== undefined && recordId !== '';
  const permitted = askable && mayRevealHidden(session, settings?.viewingProfanityCleanedFieldsAccessibleToRoles);
  if (raw !== null) return <span className="revealed">{raw}</span>;
  const reveal = (e: MouseEvent) => {
    // The value may sit in a row or card that opens on a click: showing the text is not opening it.
    e.stopPropagation();
    e.preventDefault();
    rawValue(moduleId!, field!, String(recordId), api, root)
      .then((res) => (isBadRequest(res) ? setFailed(true) : setRaw(res.rawValue ?? '')))
      .catch(() => setFailed(true));
  };
  return (
    <span className="hidden-value">
      <em>{t('viewer.hidden')}</em>{' '}
      {permitted && !failed && (
        <button type="button" className="link" onClick={reveal} onKeyDown={(e) => e.stopPropagation()}>
          {t('viewer.show')}
        </button>
      )}
      {failed && <span role="alert">{t('viewer.showFailed')}</span>}
    </span>
  );
}

/**
 * Any text a user reads that may be a profanity mark (comments on cards, lists, walls, cases): the
 * mark shows as {@link HiddenValue}, any other text as `children` (the text itself by default).
 */
export function CleanedText({ value, children, ...source }: RevealSource & { value: unknown; children?: ReactNode }) {
  if (isHiddenValue(value)) return <HiddenValue {...source} />;
  return <>{children ?? (value === null || value === undefined ? '' : String(value))}</>;
}
