import { afterEach, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import { setFetch } from '../../src/api/client';
import { settled, shadow } from './helpers';
import '../../elements/cx-survey';

const SURVEY = {
  shortcode: 'abc',
  status: 'published',
  stores: [] as string[],
  locales: ['en'],
  locale: 'en',
  title: { en: 'Store visit' },
  definition: { questions: [{ id: 'q1', kind: 'text', text: { en: 'Anything to add?' }, required: false }], thankYou: { en: 'Thanks.' } },
};
const LIMIT = 'This survey takes at most 5 answers an hour from one address.';
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'retry-after': '3600' } }));

afterEach(() => setFetch((input, init) => fetch(input, init)));

describe('<cx-survey> sending answers', () => {
  it("shows the server's own message when a limit refuses the answer (429), not the generic failure", async () => {
    setFetch((input, init) => (String(input instanceof Request ? input.method : init?.method) === 'POST' ? json({ message: LIMIT }, 429) : json(SURVEY)));
    const el = await fixture(html`<cx-survey shortcode="abc" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => shadow(el).querySelector('button[type="submit"]')).toBeTruthy();
    shadow(el).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await settled(el);
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent).toBe(LIMIT);
    await expect(el).to.be.accessible();
  });
});

/** Answers GET with the survey and POST with a thank-you, recording what each call sent. */
function server(survey: object): Array<{ method: string; language: string | null; body: Record<string, unknown> | null }> {
  const calls: Array<{ method: string; language: string | null; body: Record<string, unknown> | null }> = [];
  setFetch(async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    calls.push({ method: request.method, language: request.headers.get('accept-language'), body: text ? JSON.parse(text) : null });
    return request.method === 'POST' ? json({ thankYou: 'Thanks.' }, 201) : json(survey);
  });
  return calls;
}

const submitButton = (el: Element) => shadow(el).querySelector<HTMLButtonElement>('button[type="submit"]');

describe("<cx-survey> in the respondent's language", () => {
  it("asks the server with the respondent's languages and speaks the one it picked, buttons included", async () => {
    const calls = server({ ...SURVEY, locales: ['en', 'de'], locale: 'de', title: { en: 'Store visit', de: 'Filialbesuch' } });
    const el = await fixture(html`<cx-survey shortcode="abc" lang="de-AT" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => submitButton(el)?.textContent).toBe('Antworten senden');
    expect(shadow(el).querySelector('h1')!.textContent).toBe('Filialbesuch');
    expect(shadow(el).querySelector('article')!.getAttribute('lang')).toBe('de');
    expect(calls[0].language?.split(',')[0]).toBe('de-AT');
    submitButton(el)!.click();
    await expect.poll(() => calls.find((c) => c.method === 'POST')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ language: 'de', body: { locale: 'de' } });
    await expect(el).to.be.accessible();
  });

  it("keeps the page's texts in the survey's language when it has not the respondent's", async () => {
    server(SURVEY);
    const el = await fixture(html`<cx-survey shortcode="abc" lang="de" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => submitButton(el)?.textContent).toBe('Send answers');
  });
});

describe('<cx-survey> for a survey with several stores', () => {
  const stores = { ...SURVEY, stores: ['Leeds Market', 'York Mall'] };

  it('asks for the store as the first question when the link names none, and sends the one chosen', async () => {
    const calls = server(stores);
    const el = await fixture(html`<cx-survey shortcode="abc" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => shadow(el).querySelector('fieldset legend')?.textContent).toContain('Which store are your answers about?');
    await expect(el).to.be.accessible();
    submitButton(el)!.click();
    await expect.poll(() => shadow(el).querySelector('[role="alert"], .error')?.textContent).toContain('This question needs an answer.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    [...shadow(el).querySelectorAll<HTMLLabelElement>('fieldset label')].find((l) => l.textContent?.includes('York Mall'))!.click();
    submitButton(el)!.click();
    await expect.poll(() => calls.find((c) => c.method === 'POST')?.body).toEqual({ answers: {}, locale: 'en', store: 'York Mall' });
  });

  it("takes the store from the link without asking", async () => {
    const calls = server(stores);
    const el = await fixture(html`<cx-survey shortcode="abc" store="Leeds Market" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => submitButton(el)).toBeTruthy();
    expect(shadow(el).textContent).not.toContain('Which store');
    submitButton(el)!.click();
    await expect.poll(() => calls.find((c) => c.method === 'POST')?.body).toEqual({ answers: {}, locale: 'en', store: 'Leeds Market' });
  });

  it('says so when the link names a store the survey does not cover, and asks nothing', async () => {
    server(stores);
    const el = await fixture(html`<cx-survey shortcode="abc" store="Nowhere" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent).toContain('names the store "Nowhere", which this survey does not cover');
    expect(submitButton(el)).toBeNull();
    await expect(el).to.be.accessible();
  });
});

describe('<cx-survey> from a personal link', () => {
  it('asks about the invitation and says whom the feedback is about (issue 43)', async () => {
    const urls: string[] = [];
    setFetch(async (input, init) => {
      const request = new Request(input, init);
      urls.push(request.url);
      return json({ ...SURVEY, about: 'Amelia Hughes' });
    });
    const el = await fixture(html`<cx-survey shortcode="abc" invite-id="inv-1" api-base="http://portal.test"></cx-survey>`);
    await expect.poll(() => shadow(el).querySelector('.survey-about')?.textContent).toBe('Your feedback is about Amelia Hughes.');
    expect(new URL(urls[0]).searchParams.get('invite')).toBe('inv-1');
    await expect(el).to.be.accessible();
  });
});
