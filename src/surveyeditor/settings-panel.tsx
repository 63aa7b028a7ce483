import { useElement } from '../elements/element-context';
import { localText, type SurveyDefinition, type SurveyLocale, type SurveySettings } from '../lib/survey-model';
import type { Draft } from './use-autosave';

interface Props {
  settings: SurveySettings;
  definition: SurveyDefinition;
  locale: SurveyLocale;
  places: { stores: string[]; channels: string[] };
  onChange: (update: (d: Draft) => Draft) => void;
}

/** The survey's title and thank-you in the editing language, and where its responses are reported. */
export function SettingsPanel({ settings, definition, locale, places, onChange }: Props) {
  const { t } = useElement();
  const setSettings = (patch: Partial<SurveySettings>) => onChange((d) => ({ ...d, settings: { ...d.settings, ...patch } }));
  const placeholder = (text: { en: string }) => (locale === 'de' ? localText(text, 'en') : undefined);
  return (
    <fieldset className="settings">
      <legend>{t('surveyEditor.settings')}</legend>
      <label>
        {t('surveyEditor.title')}
        <input value={settings.title[locale] ?? ''} maxLength={120} placeholder={placeholder(settings.title)} onChange={(e) => setSettings({ title: { ...settings.title, [locale]: e.target.value } })} />
      </label>
      <label>
        {t('surveyEditor.thankYou')}
        <input
          value={definition.thankYou[locale] ?? ''}
          maxLength={500}
          placeholder={placeholder(definition.thankYou)}
          onChange={(e) => onChange((d) => ({ ...d, definition: { ...d.definition, thankYou: { ...d.definition.thankYou, [locale]: e.target.value } } }))}
        />
      </label>
      <label className="inline">
        <input type="checkbox" checked={settings.reportToResponses} onChange={(e) => setSettings({ reportToResponses: e.target.checked })} />
        {t('surveyEditor.reportToResponses')}
      </label>
      {settings.reportToResponses && (
        <div className="places">
          <StoresPicker chosen={settings.stores} offered={places.stores} onChange={(stores) => setSettings({ stores })} />
          <label>
            {t('surveyEditor.channel')}
            <select value={settings.channel} onChange={(e) => setSettings({ channel: e.target.value })}>
              {places.channels.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </fieldset>
  );
}

/** The stores a survey reports under: the chosen ones, each removable, and a list to add more from. */
function StoresPicker({ chosen, offered, onChange }: { chosen: string[]; offered: string[]; onChange: (stores: string[]) => void }) {
  const { t } = useElement();
  return (
    <fieldset className="stores">
      <legend>{t('surveyEditor.stores')}</legend>
      <p className="hint">{t('surveyEditor.storesHint')}</p>
      {chosen.length ? (
        <ul className="chosen-stores">
          {chosen.map((s) => (
            <li key={s}>
              {s}{' '}
              <button type="button" className="link" aria-label={t('surveyEditor.removeStore', { store: s })} onClick={() => onChange(chosen.filter((x) => x !== s))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t('surveyEditor.noStores')}</p>
      )}
      <label>
        {t('surveyEditor.addStore')}
        <select value="" onChange={(e) => e.target.value && onChange([...chosen, e.target.value])}>
          <option value="">{t('surveyEditor.chooseStore')}</option>
          {offered
            .filter((s) => !chosen.includes(s))
            .map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
        </select>
      </label>
    </fieldset>
  );
}
