import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $signInNeeded } from '../stores/auth-required';
import { translator } from './texts';

/**
 * An element's own sign-in state: shown instead of its content while the element waits for a
 * sign-in (its calls were refused). When the page cancelled `cx-auth-required` (it says so
 * itself) the element waits quietly, with no error of its own. When a session or token arrives
 * the content mounts again and loads afresh.
 */
export function AuthGate({ host, lang, children }: { host: Element; lang?: string; children: ReactNode }) {
  const waiting = useStore($signInNeeded).get(host);
  if (!waiting) return children;
  if (waiting === 'quiet') return <div part="base sign-in" className="cx-sign-in-quiet" />;
  const t = translator(lang);
  return (
    <div part="base sign-in" className="cx-sign-in" role="status">
      <strong>{t('element.signIn.title')}</strong>
      <p>{t('element.signIn.text')}</p>
    </div>
  );
}
