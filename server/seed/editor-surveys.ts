import type { Db } from '../db';
import { TEAM_FEEDBACK_CONFIG } from '../inportalsurvey/config';
import { snapshotOf } from '../surveys/store';
import { DEFAULT_CHANNEL } from '../surveys/places';
import type { SurveyDefinition, SurveySettings } from '../../src/lib/survey-model';

const DAY = 86_400_000;

const SURVEY_EDITOR = { id: 'u-surveyeditor', name: 'Sam Editor' };
/** The 360° page is the portal's own: its survey belongs to a portal administrator, so only that role changes it. */
const PORTAL_ADMIN = { id: 'u-portaladmin', name: 'Paul Admin' };

/**
 * The survey editor's surveys: the 360° feedback page's survey (its Give Now and invitation links
 * open it; its answers stay out of the customer data), a published store survey and a draft.
 */
function surveys(store: string): Array<{ shortcode: string; status: 'draft' | 'published'; settings: SurveySettings; definition: SurveyDefinition; ageDays: number; owner: typeof SURVEY_EDITOR }> {
  const leadership = TEAM_FEEDBACK_CONFIG.SurveyDefinitions[0];
  return [
    {
      shortcode: leadership.SurveyDefinitionId,
      status: 'published',
      ageDays: 40,
      owner: PORTAL_ADMIN,
      settings: { title: { en: leadership.Title, de: 'Führung 360' }, reportToResponses: false, stores: [], channel: DEFAULT_CHANNEL },
      definition: {
        questions: [
          { id: 'clarity', kind: 'stars', required: true, text: { en: 'How clearly does this colleague set goals?', de: 'Wie klar setzt diese Person Ziele?' } },
          { id: 'support', kind: 'stars', required: true, text: { en: 'How well do they support the people around them?', de: 'Wie gut unterstützt sie die Menschen um sich herum?' } },
          { id: 'keep', kind: 'text', required: false, text: { en: 'What should they keep doing?', de: 'Was sollte sie beibehalten?' } },
          { id: 'change', kind: 'text', required: false, text: { en: 'What could they do differently?', de: 'Was könnte sie anders machen?' }, showIf: { questionId: 'support', op: 'atMost', value: 3 } },
        ],
        thankYou: { en: 'Thank you: your feedback is shared anonymously.', de: 'Vielen Dank: Ihr Feedback wird anonym weitergegeben.' },
      },
    },
    {
      shortcode: 'storevisit',
      status: 'published',
      ageDays: 12,
      owner: SURVEY_EDITOR,
      settings: { title: { en: 'Store visit', de: 'Filialbesuch' }, reportToResponses: true, stores: [store], channel: 'In-store' },
      definition: {
        questions: [
          { id: 'nps', kind: 'nps', required: true, text: { en: 'How likely are you to recommend us to a friend or colleague?', de: 'Wie wahrscheinlich ist es, dass Sie uns einem Freund oder Kollegen empfehlen?' } },
          { id: 'stars', kind: 'stars', required: true, text: { en: 'How would you rate your visit?', de: 'Wie bewerten Sie Ihren Besuch?' } },
          {
            id: 'better', kind: 'multiple', required: false, text: { en: 'What could we do better?', de: 'Was könnten wir besser machen?' },
            options: [
              { id: 'price', text: { en: 'Price', de: 'Preis' } },
              { id: 'availability', text: { en: 'Availability', de: 'Verfügbarkeit' } },
              { id: 'service', text: { en: 'Service', de: 'Service' } },
            ],
            showIf: { questionId: 'nps', op: 'atMost', value: 8 },
          },
          { id: 'page1', kind: 'page', required: false, text: { en: '' } },
          { id: 'comment', kind: 'text', required: false, text: { en: 'Anything else you would like to tell us?', de: 'Möchten Sie uns noch etwas sagen?' } },
        ],
        thankYou: { en: 'Thank you for your feedback.', de: 'Vielen Dank für Ihr Feedback.' },
      },
    },
    {
      shortcode: 'delivery',
      status: 'draft',
      ageDays: 2,
      owner: SURVEY_EDITOR,
      settings: { title: { en: 'Home delivery', de: 'Lieferung nach Hause' }, reportToResponses: true, stores: [], channel: 'Online' },
      definition: {
        questions: [
          { id: 'nps', kind: 'nps', required: true, text: { en: 'How likely are you to recommend our delivery service?' } },
          { id: 'stars', kind: 'stars', required: true, text: { en: 'How would you rate your delivery?' } },
        ],
        thankYou: { en: 'Thank you for your feedback.' },
      },
    },
  ];
}

export async function seedEditorSurveys(db: Db, anchor: Date): Promise<void> {
  const [first] = await db.query<{ store: string }>('SELECT store FROM responses ORDER BY store LIMIT 1');
  const rows = surveys(first?.store ?? '').map((s) => {
    const at = new Date(anchor.getTime() - s.ageDays * DAY);
    const row = { settings: JSON.stringify(s.settings), definition: JSON.stringify(s.definition) };
    const published = s.status === 'draft' ? null : snapshotOf(row);
    return [crypto.randomUUID(), s.shortcode, s.status, row.settings, row.definition, published, 1, s.owner.id, s.owner.name, at, at, s.status === 'draft' ? null : at, null];
  });
  await db.insertMany('surveys', ['id', 'shortcode', 'status', 'settings', 'definition', 'published', 'version', 'created_by', 'updated_by_name', 'created_at', 'updated_at', 'published_at', 'closed_at'], rows);
}
