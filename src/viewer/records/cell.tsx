import { useEffect, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { rawValue, type SchemaColumn } from '../../api/viewer';
import { $settings, loadSettings } from '../../stores/settings';
import { $session } from '../../stores/session';
import { mayRevealHidden } from '../../lib/roles';
import { longDate } from '../../lib/dates';

export { isHiddenValue } from '../../lib/profanity';

/** A cell as text: dates in the long format (YYYY-MM-DDTHH:mm:ss), blanks empty. */
export function cellText(value: unknown, type: SchemaColumn['typeName']): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return type === 'DateTime' ? longDate(text) : text;
}

/**
 * A profanity-cleaned value: 'Hidden due to offensive language.', and for the roles the portal
 * settings allow, 'Click to show.' which asks the server for the raw text (as text, never HTML).
 */
export function HiddenValue({ moduleId, field, recordId }: { moduleId: string; field: string; recordId: unknown }) {
  const { t, api } = useElement();
  const settings = useStore($settings);
  const session = useStore($session);
  const [raw, setRaw] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // Who may reveal is a portal setting; loaded once per page, whichever cell asks first.
  useEffect(() => void loadSettings(), []);
  const permitted = mayRevealHidden(session, settings?.viewingProfanityCleanedFieldsAccessibleToRoles);
  if (raw !== null) return <span className="revealed">{raw}</span>;
  const reveal = (e: MouseEvent) => {
    e.stopPropagation();
    rawValue(moduleId, field, String(recordId), api)
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
