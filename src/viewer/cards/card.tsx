import type { CardTemplate, SchemaColumn } from '../../api/viewer';
import { drillthroughLink } from '../../visuals/comment-list/rules';
import { useElement } from '../../elements/element-context';
import { openInNewTab } from '../../lib/new-tab';
import { cellText, isHiddenValue } from '../records/cell';
import { HiddenValue } from '../../elements/hidden-value';
import type { Card } from './card-rules';

/** One record as a card: the template's title, subtitle, fields and text; values are text, never HTML. */
export function CardView({ card, template, columns, moduleId, idField, detailsLink }: { card: Card; template: CardTemplate; columns: Map<string, SchemaColumn>; moduleId: string; idField: string; detailsLink: string }) {
  const { t, href } = useElement();
  const show = (key: string) => {
    const v = card[key];
    if (isHiddenValue(v)) return <HiddenValue moduleId={moduleId} field={key} recordId={card[idField]} />;
    return cellText(v, columns.get(key)?.typeName ?? 'String');
  };
  const text = card[template.textField];
  // Outside the host portal the details open on the portal, not on the embedding site.
  const link = href(drillthroughLink(detailsLink, card as never));
  return (
    <article className="card" aria-label={String(card[template.titleField] ?? card[idField])}>
      <h3>{show(template.titleField)}</h3>
      <p className="subtitle">{show(template.subtitleField)}</p>
      <dl>
        {template.fields.map((f) => (
          <div key={f}>
            <dt>{columns.get(f)?.name ?? f}</dt>
            <dd>{show(f)}</dd>
          </div>
        ))}
      </dl>
      <p className="text">{text === null || text === undefined || text === '' ? <em>{t('cards.noText')}</em> : show(template.textField)}</p>
      <a
        href={link}
        onClick={(e) => {
          // A plain click opens a new tab that keeps the session (see openInNewTab); other clicks do what the browser does.
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          openInNewTab(link);
        }}
      >
        {t('cards.details')}
      </a>
    </article>
  );
}
