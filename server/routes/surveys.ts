import { Hono } from 'hono';
import type { Env } from '../context';
import { requireAuth, requireRoles } from '../auth/middleware';
import { check, readBody, z } from '../http/validate';
import { newSurvey, saveBody, submission, versionBody } from '../surveys/schema';
import { closeSurvey, createSurvey, getSurvey, listSurveys, publishSurvey, saveSurvey } from '../surveys/store';
import { reportingPlaces } from '../surveys/places';
import { publicSurvey, submitAnswers } from '../surveys/answers';
import { clientOf } from '../http/client-address';
import { acceptedLanguages } from '../http/accept-language';
import { submissionLimits } from '../http/rate-counts';

/** The survey editor's roles (spec part 1: /editor/home, /editor/build/, /editor/update/{shortcode}). */
export const SURVEY_EDITOR_ROLES = ['PortalAdmin', 'PortalUser', 'SurveyEditor'];

/** /api/surveys: the editor's calls, for the editor's roles. */
export const surveyEditorRoutes = new Hono<Env>()
  .use(requireAuth, requireRoles(...SURVEY_EDITOR_ROLES))
  .get('/', async (c) => c.json(await listSurveys(c.var.deps.db, c.var.user)))
  .get('/places', async (c) => c.json(await reportingPlaces(c.var.deps.db, c.var.user)))
  .post('/', async (c) => {
    const { title } = await readBody(c, newSurvey);
    return c.json(await createSurvey(c.var.deps.db, c.var.user, title, c.var.deps.now()), 201);
  })
  .get('/:shortcode', async (c) => c.json(await getSurvey(c.var.deps.db, c.var.user, c.req.param('shortcode'))))
  .put('/:shortcode', async (c) => c.json(await saveSurvey(c.var.deps.db, c.var.user, c.req.param('shortcode'), await readBody(c, saveBody), c.var.deps.now())))
  .post('/:shortcode/publish', async (c) => {
    const { version } = await readBody(c, versionBody);
    return c.json(await publishSurvey(c.var.deps.db, c.var.user, c.req.param('shortcode'), version, c.var.deps.now()));
  })
  .post('/:shortcode/close', async (c) => {
    const { version } = await readBody(c, versionBody);
    return c.json(await closeSurvey(c.var.deps.db, c.var.user, c.req.param('shortcode'), version, c.var.deps.now()));
  });

/** A personal link's invitation (`?invite=`): whom the answers are about. */
const inviteQuery = z.string().max(60, 'An invitation id has at most 60 characters.').optional();

/** /api/survey: the public page's calls, for anyone with the address. */
export const publicSurveyRoutes = new Hono<Env>()
  .get('/:shortcode', async (c) => {
    // The respondent's language picks among the survey's: the answer differs by Accept-Language.
    c.header('Vary', 'Accept-Language', { append: true });
    const invite = check(inviteQuery, c.req.query('invite'));
    return c.json(await publicSurvey(c.var.deps.db, c.req.param('shortcode'), acceptedLanguages(c.req.header('accept-language')), invite));
  })
  .post('/:shortcode/responses', async (c) => {
    const from = { client: clientOf(c), limits: submissionLimits(c.var.deps.submissionLimits) };
    return c.json(await submitAnswers(c.var.deps.db, c.req.param('shortcode'), await readBody(c, submission), c.var.deps.now(), from), 201);
  });
