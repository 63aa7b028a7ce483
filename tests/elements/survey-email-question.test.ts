import { afterEach, describe, expect, it } from 'vitest';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { setFetch } from '../../src/api/client';
import { shadow } from './helpers';
import '../../elements/cx-survey';
import '../../elements/cx-survey-editor';

const EMAIL = { id: 'mail', kind: 'email', text: { en: 'Your e-mail address, if we may contact you', de: 'Ihre E-Mail-Adresse, falls wir Sie kontaktieren dürfen' }, required: false };
const SURVEY = {
  shortcode: 'abc',
  status: 'published',
  stores: [] as string[],
  locales: ['en', 'de'],
  locale: 'en',
  title: { en: 'After your case', de: 'Nach Ihrem Anliegen' },
  definition: { questions: [EMAIL], thankYou: { en: 'Thanks.' } },
};
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** Answers GET with `body` (the editor's places call with its places) and records what each POST or PUT sent. */
function server(body: object): Array<Record<string, unknown>> {
  const sent: Array<Record<string, unknown>> = [];
  setFetch(async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET') {
      sent.push(JSON.parse(await request.text()));
      return json(request.method === 'POST' ? { thankYou: 'Thanks.' } : body, request.method === 'POST' ? 201 : 200);
    }
    return request.url.endsWith('/places') ? json({ stores: [], channels: ['Survey'] }) : json(body);
  });
  return sent;
}

/** Types into a React-controlled input as a user would. */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  fixtureCleanup();
  setFetch((input, init) => fetch(input, init));
});

describe('<cx-survey> with an e-mail question', () => {
  it('asks in an e-mail field, refuses two addresses before sending, and sends one', async () => {
    const sent = server(SURVEY);
    const el = await fixture(html`<cx-survey shortcode="abc" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => shadow(el).querySelector('input[type="email"]')).toBeTruthy();
    const root = shadow(el);
    const input = root.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect(root.querySelector(`label[for="${input.id}"]`)!.textContent).toContain('Your e-mail address, if we may contact you');
    expect(input.autocomplete).toBe('email');
    type(input, 'a@example.com, b@example.com');
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => root.querySelector('.field-error')?.textContent).toBe('Enter one e-mail address (at most 254 characters), or leave it empty.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await expect(el).to.be.accessible();
    type(input, 'pat@example.com');
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ answers: { mail: 'pat@example.com' } });
  });

  it('says what is wrong in German for a German respondent', async () => {
    server({ ...SURVEY, locale: 'de' });
    const el = await fixture(html`<cx-survey shortcode="abc" lang="de" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => shadow(el).querySelector('input[type="email"]')).toBeTruthy();
    type(shadow(el).querySelector<HTMLInputElement>('input[type="email"]')!, 'kein Name');
    shadow(el).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => shadow(el).querySelector('.field-error')?.textContent).toBe('Geben Sie eine E-Mail-Adresse ein (höchstens 254 Zeichen) oder lassen Sie das Feld leer.');
  });
});

describe('<cx-survey-editor> adding an e-mail question', () => {
  const VIEW = {
    shortcode: 'abc',
    status: 'draft',
    version: 1,
    responses: 0,
    updatedAt: '2026-01-02T10:00:00',
    updatedBy: 'Sam Editor',
    unpublishedChanges: false,
    canChange: true,
    settings: { title: { en: 'After your case' }, reportToResponses: false, stores: [], channel: 'Survey' },
    definition: { questions: [{ id: 'q1', kind: 'nps', text: { en: 'How likely are you to recommend us?' }, required: true }], thankYou: { en: 'Thanks.' } },
  };

  it('adds it with its usual wording, shows it in the preview, and a second one is a problem before publishing', async () => {
    server(VIEW);
    const el = await fixture(html`<cx-survey-editor shortcode="abc" api-base="http://portal.test"></cx-survey-editor>`);
    await expect.poll(() => shadow(el).querySelector('.add-question button')).toBeTruthy();
    const root = shadow(el);
    const addEmail = [...root.querySelectorAll<HTMLButtonElement>('.add-question button')].find((b) => b.textContent === '+ E-mail address')!;
    addEmail.click();
    await expect.poll(() => root.querySelectorAll('.question-card').length).toBe(2);
    const card = root.querySelectorAll('.question-card')[1];
    expect([...card.querySelectorAll<HTMLInputElement>('input')].map((i) => i.value)).toContain('Your e-mail address, if we may contact you');
    expect(root.querySelector('.preview input[type="email"]')).toBeTruthy();
    addEmail.click();
    await expect.poll(() => root.querySelector('.problems')?.textContent).toContain('A survey asks for the e-mail address at most once.');
    await expect(el).to.be.accessible();
  });
});
