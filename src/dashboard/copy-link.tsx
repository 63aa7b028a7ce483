import { useState } from 'react';
import { useElement } from '../elements/element-context';
import { filtersFor } from '../stores/filters';
import { linkOfFilters } from '../lib/filter-link';
import { hasHost } from '../stores/navigation';

/**
 * The portal address of a dashboard as its viewer sees it now: its path with the filters chosen in
 * `scope`, on the portal's origin: the page's own inside the host portal (its API may be elsewhere),
 * the API's on another site's page.
 */
export function dashboardLink(path: string, scope: string, apiBase: string): string {
  const { dateChoice, customFrom, customTo, values } = filtersFor(scope).get();
  return new URL(linkOfFilters(path, { dateChoice, customFrom, customTo, values }), hasHost() ? location.origin : apiBase || location.origin).href;
}

/**
 * "Copy link": the dashboard's address with the filters chosen on it (a link the host opens with
 * them, host/pages.tsx), told in a status; without clipboard access the link is shown to copy by hand.
 */
export function CopyLinkButton({ path, scope, className = 'secondary' }: { path: string; scope: string; className?: string }) {
  const { t, apiBase } = useElement();
  const [said, setSaid] = useState('');
  const copy = async () => {
    const link = dashboardLink(path, scope, apiBase);
    try {
      await navigator.clipboard.writeText(link);
      setSaid(t('dashboard.linkCopied'));
    } catch {
      setSaid(t('dashboard.copyLinkManually', { link }));
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={() => void copy()}>
        {t('dashboard.copyLink')}
      </button>
      <span className="hint" role="status">
        {said}
      </span>
    </>
  );
}
