// Survey answers in the tests: a survey published under a store, reporting to the responses.
import { expect } from 'vitest';
import type { Harness } from './harness';

/** A published survey reporting to the responses under `store`, and how to answer it: the new response's id. */
export async function surveyAt(h: Harness, store: string) {
  const token = await h.signIn('surveyeditor@demo.cx');
  const created = (await h.call('POST', '/api/surveys', { token, body: { title: `Visit ${store}` } })).body;
  const [{ channel }] = await h.db.query<{ channel: string }>('SELECT channel FROM responses LIMIT 1');
  const questions = [...created.definition.questions, { id: 'why', kind: 'text', required: false, text: { en: 'Tell us more' } }];
  const saved = await h.call('PUT', `/api/surveys/${created.shortcode}`, { token, body: { version: created.version, settings: { ...created.settings, reportToResponses: true, stores: [store], channel }, definition: { ...created.definition, questions } } });
  expect(saved.status).toBe(200);
  expect((await h.call('POST', `/api/surveys/${created.shortcode}/publish`, { token, body: { version: saved.body.version } })).status).toBe(200);
  const q = (kind: string) => (questions as Array<{ id: string; kind: string }>).find((x) => x.kind === kind)!.id;
  // `headers`: e.g. an X-Forwarded-For of its own, a respondent of its own behind a load balancer.
  return async (nps: number, comment: string, headers?: Record<string, string>) => {
    const sent = await h.call('POST', `/api/survey/${created.shortcode}/responses`, { body: { answers: { [q('nps')]: nps, [q('stars')]: 3, [q('text')]: comment }, locale: 'en' }, headers });
    expect(sent.status).toBe(201);
    const [row] = await h.db.query<{ id: number }>('SELECT max(id) AS id FROM responses WHERE store = $1', [store]);
    return Number(row.id);
  };
}
