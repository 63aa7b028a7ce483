import { translator } from '../src/i18n';

/** The topics of the help page, in the order a new user meets them. */
export const HELP_TOPICS = ['signIn', 'filters', 'dashboards', 'viewer', 'export', 'cases'] as const;

/** /help: a short guide for users of the portal (the Help menu item opens it). */
export function HelpPage({ lang }: { lang: string }) {
  const t = translator(lang);
  return (
    <article className="help" aria-labelledby="help-title">
      <h1 id="help-title">{t('help.title')}</h1>
      <p className="hint">{t('help.intro')}</p>
      {HELP_TOPICS.map((topic) => (
        <section key={topic} aria-labelledby={`help-${topic}`}>
          <h2 id={`help-${topic}`}>{t(`help.${topic}.title`)}</h2>
          <p>{t(`help.${topic}.text`)}</p>
        </section>
      ))}
      <p>{t('help.more')}</p>
    </article>
  );
}
