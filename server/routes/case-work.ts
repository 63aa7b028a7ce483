import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { localiseMessage, requestLang } from '../i18n';
import { ApiError, badRequest, notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { csvText } from '../export/csv';
import { findCaseById, historyOf } from '../processflow/cases';
import { actorOf, performAction } from '../processflow/actions';
import { pfModule, type PfModule } from '../processflow/modules';
import { OPENERS, sourceOfCases } from '../caserules/openers';
import { isOneAddress } from '../mail/outbox';

/** At most this many cases in one bulk action: each is checked and written as a single action. */
export const MAX_BULK = 100;

function moduleOf(c: Context<Env>): PfModule {
  const m = pfModule(c.req.param('moduleId') ?? '');
  if (!m) throw notFound(`No process-flow module "${c.req.param('moduleId')}".`);
  return m;
}

/** A case of the path's module the caller may open; a 404 otherwise. */
async function caseOf(c: Context<Env>) {
  const found = await findCaseById(c.var.deps.db, c.req.param('pfoId') ?? '', c.var.user.claims);
  if (!found || found.module !== moduleOf(c)) throw notFound('No such case.');
  return found;
}

/** An address shown to confirm who an e-mail goes to, without handing the page the address itself (docs/decisions.md). */
export const maskedAddress = (address: string) => {
  const [local, domain] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

const bulkBody = z.object({
  pfoIds: z.array(z.string().min(1).max(100)).min(1, 'Select at least one case.').max(MAX_BULK, `At most ${MAX_BULK} cases at once.`),
  actionName: z.string().min(1, 'Choose an action.').max(100),
  actionProperties: z.string().max(20_000).optional(),
  comment: z.string().max(10_000).optional(),
});

/** Working the queue (issue 45): bulk actions, the e-mail's preview, the history as a file. */
export const caseWorkRoutes = new Hono<Env>()
  .post('/:moduleId/bulkaction', async (c) => {
    const m = moduleOf(c);
    const body = await readBody(c, bulkBody);
    const lang = requestLang(c);
    const actor = actorOf(c.var.user);
    const results = [];
    // One at a time, each as the single action would be: its checks, its transaction, its refusal.
    for (const pfoId of [...new Set(body.pfoIds)]) {
      try {
        const answer = await performAction(c.var.deps.db, actor, m, pfoId, { actionName: body.actionName, actionProperties: body.actionProperties, comment: body.comment }, c.var.deps.now(), c.var.deps.publicOrigin);
        results.push('validationResults' in answer ? { pfoId, ok: false, messages: answer.validationResults.flatMap((r) => r.messages.map((msg) => localiseMessage(lang, msg))) } : { pfoId, ok: true });
      } catch (error) {
        // A refusal of one case (not found, bad input, a limit) is its result; anything else is the server's.
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        results.push({ pfoId, ok: false, messages: [localiseMessage(lang, error.message)] });
      }
    }
    return c.json({ results });
  })
  .post('/:moduleId/emailpreview/:pfoId', async (c) => {
    const { row, module: m } = await caseOf(c);
    const { subject, comment } = await readBody(c, z.object({ subject: z.string().max(200).default(''), comment: z.string().max(10_000).default('') }));
    const sourceId = sourceOfCases(m.moduleId);
    const contact = sourceId ? await OPENERS.get(sourceId)!.contact(c.var.deps.db, Number(row.source_object_id)) : { email: null, name: null };
    if (!contact.email || !isOneAddress(contact.email)) throw badRequest('This customer left no e-mail address to write to.');
    const to = `${contact.name ?? ''} <${maskedAddress(contact.email.trim())}>`.trim();
    return c.json({ to, subject: subject.trim(), text: comment.trim() });
  })
  .get('/:moduleId/processFlowObjectHistory/:pfoId/export', async (c) => {
    const { row } = await caseOf(c);
    const history = await historyOf(c.var.deps.db, String(row.pfo_id));
    const csv = csvText(
      ['When (UTC)', 'Who', 'Action', 'From', 'To', 'Comment', 'Details'],
      history.map((h) => [String(h.actionedAt ?? '').replace('T', ' '), String(h.userName), String(h.actionName), String(h.fromState), String(h.toState), (h.comment as string | null) ?? '', JSON.stringify(h.properties)]),
    );
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="case-${Number(row.source_object_id)}-history.csv"`);
    return c.body(csv);
  });
