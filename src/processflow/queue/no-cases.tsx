import type { TFunction } from 'i18next';
import { PortalLink } from '../../elements/portal-link';
import type { QueueCount, QueueTag } from '../../api/processflow';

/**
 * Where an empty queue points (spec part 3 section 4): Initial to the in-progress queue when it
 * has cases, else All; InProgress the mirror; Final to initial or in-progress work when there is
 * some, else nowhere; with filters on, nowhere (the default variation).
 */
export function noCasesLink(tag: QueueTag, counts: readonly QueueCount[], filtered: boolean): QueueCount | undefined {
  if (filtered) return undefined;
  const of = (wanted: QueueTag) => counts.find((c) => c.tag === wanted);
  const waiting = (wanted: QueueTag) => (of(wanted)?.count ?? 0) > 0;
  if (tag === 'Initial') return waiting('InProgress') ? of('InProgress') : of('All');
  if (tag === 'InProgress') return waiting('Initial') ? of('Initial') : of('All');
  if (tag === 'Final') return waiting('Initial') ? of('Initial') : waiting('InProgress') ? of('InProgress') : undefined;
  return undefined;
}

/**
 * The empty queue (spec part 3 section 4): by the queue's tag, a link to where the work is; with
 * filters on, always the default variation.
 */
export function NoCases({ t, tag, counts, filtered, link }: { t: TFunction; tag: QueueTag; counts: QueueCount[]; filtered: boolean; link: (name: string) => string }) {
  const target = noCasesLink(tag, counts, filtered);
  return (
    <div className="no-cases" role="status">
      <h2>{t(filtered ? 'queue.none.filtered' : `queue.none.${tag}`)}</h2>
      {target && (
        <p>
          <PortalLink to={link(target.name)}>{t('queue.none.goTo', { name: target.name, count: target.count })}</PortalLink>
        </p>
      )}
    </div>
  );
}
