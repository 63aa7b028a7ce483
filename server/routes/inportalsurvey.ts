import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { readBody } from '../http/validate';
import { localiseName, requestLang } from '../i18n';
import { recordsPage } from '../smartdata/records';
import { recordsBody } from './dataviewer';
import { definitionOf, localiseSurveyConfig, surveyConfig } from '../inportalsurvey/config';
import { historySource, peopleSource, schemaOf } from '../inportalsurvey/sources';
import { giveNowBody, giveNowLink, invitesBody, queueInvites, type InviteContext } from '../inportalsurvey/invites';

async function inviteContext(c: Context<Env>): Promise<InviteContext> {
  const { db, now, publicOrigin } = c.var.deps;
  const moduleId = c.req.param('moduleId') ?? '';
  const config = await surveyConfig(db, moduleId);
  const definition = definitionOf(config, c.req.param('surveyDefinitionId') ?? '');
  return { db, user: c.var.user, moduleId, config, definition: { ...definition, Title: localiseName(requestLang(c), definition.Title) }, origin: publicOrigin, now: now() };
}

/**
 * The in-portal survey's calls (spec part 2 section 7): the page's config, its directory of
 * people (schema and pages, under the user's claims), a Give Now link, queued invitations (sent
 * through the outbox, so by SMTP when configured) and the user's own history.
 */
export const inPortalSurveyRoutes = new Hono<Env>()
  .get('/surveys/:moduleId', async (c) => c.json(localiseSurveyConfig(await surveyConfig(c.var.deps.db, c.req.param('moduleId')), requestLang(c))))
  .get('/schema/:moduleId', async (c) => {
    const moduleId = c.req.param('moduleId');
    await surveyConfig(c.var.deps.db, moduleId);
    return c.json(schemaOf(peopleSource(moduleId), (n) => localiseName(requestLang(c), n)));
  })
  .post('/data/:moduleId', async (c) => {
    const moduleId = c.req.param('moduleId');
    await surveyConfig(c.var.deps.db, moduleId);
    const body = await readBody(c, recordsBody);
    return c.json(await recordsPage(c.var.deps.db, peopleSource(moduleId), { ...body, orderByFields: body.orderByFields.length ? body.orderByFields : ['Name'] }, c.var.user.claims));
  })
  .post('/surveyeelink/:moduleId/:surveyDefinitionId', async (c) => {
    const body = await readBody(c, giveNowBody);
    return c.json({ link: await giveNowLink(await inviteContext(c), body.surveyee) });
  })
  .post('/queueinvites/:moduleId/:surveyDefinitionId', async (c) => {
    const body = await readBody(c, invitesBody);
    return c.json(await queueInvites(await inviteContext(c), body));
  })
  .get('/history/schema/:moduleId', async (c) => {
    const moduleId = c.req.param('moduleId');
    await surveyConfig(c.var.deps.db, moduleId);
    return c.json(schemaOf(historySource(moduleId, c.var.user.id), (n) => localiseName(requestLang(c), n)));
  })
  .post('/history/data/:moduleId', async (c) => {
    const moduleId = c.req.param('moduleId');
    await surveyConfig(c.var.deps.db, moduleId);
    const body = await readBody(c, recordsBody);
    const page = await recordsPage(c.var.deps.db, historySource(moduleId, c.var.user.id), { ...body, orderByFields: body.orderByFields.length ? body.orderByFields : ['InvitedAt'], orderByOperator: body.orderByFields.length ? body.orderByOperator : 'DESC' }, null);
    return c.json(page);
  });
