import type { TFunction } from 'i18next';
import { PortalLink } from '../../elements/portal-link';
import type { QueueCount, QueueTag } from '../../api/processflow';

/**
 * The empty queue (spec part 3 section 4): by the queue's tag, a link to where the work is; with
 * filters on, always the default variation.
 */
export function NoCases({ t, tag, counts, filtered, link }: { t: TFunction; tag: QueueTag; counts: QueueCount[]; filtered: boolean; link: (name: string) => string }) {
  const of = (wanted: QueueTag) => counts.find((c) => c.tag === wanted);
  const waiting = (wanted: QueueTag) => (of(wanted)?.count ?? 0) > 0;
  const all = of('All');
  let target: QueueCount | undefined;
  if (!filtered) {
    if (tag === 'Initial') target = waiting('InProgress') ? of('InProgress') : all;
    else if (tag === 'InProgress') target = waiting('Initial') ? of('Initial') : all;
    else if (tag === 'Final') target = waiting('Initial') ? of('Initial') : waiting('InProgress') ? of('InProgress') : undefined;
  }
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
