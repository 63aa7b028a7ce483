import { z } from 'zod';
import type { Db, Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, notFound } from '../http/errors';
import { buildWhere } from '../smartdata/where';
import { columnByKey } from '../smartdata/schema';
import { queueMail } from '../mail/outbox';
import type { SurveyConfig } from './config';
import { nominationMessage, nominationProblem } from '../../src/lib/nominations';
import { peopleSource } from './sources';

export const MAX_INVITEES = 100;

export const invitesBody = z.object({
  invitees: z
    .array(z.object({ personId: z.number().int().positive(), relationship: z.string().max(60).default('') }).strict())
    .min(1, 'Choose at least one person to invite.')
    .max(MAX_INVITEES, `At most ${MAX_INVITEES} people can be invited at once.`),
});

export const giveNowBody = z.object({ surveyee: z.union([z.string().max(320), z.number()]) });

type Person = {
  id: number;
  name: string;
  email: string;
  inv_group: string;
};

/** The directory's people by id, under the caller's claims: anyone else is not there for them. */
async function peopleById(q: Queryable, moduleId: string, ids: number[], user: Principal): Promise<Map<number, Person>> {
  const w = buildWhere(peopleSource(moduleId), [], user.claims);
  w.add(`id IN (${ids.map((id) => w.bind(id)).join(', ')})`);
  const rows = await q.query<Person>(`SELECT id, name, email, inv_group FROM survey_people ${w.sql}`, w.params);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const surveyLink = (origin: string, definitionId: string, inviteId: string) => `${origin}/survey/${encodeURIComponent(definitionId)}/${inviteId}`;

/** Inserts an invitation unless the same one exists; answers its id and whether it is new. */
async function recordInvite(q: Queryable, row: { moduleId: string; definitionId: string; inviterId: string; kind: 'Invite' | 'GiveNow'; person: Person; relationship: string; now: Date }) {
  const id = crypto.randomUUID();
  const inserted = await q.query<{ id: string }>(
    `INSERT INTO survey_invites (id, module_id, definition_id, inviter_id, invitee_key, invitee_name, relationship, inv_group, kind, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CAST($10 AS TIMESTAMP)) ON CONFLICT DO NOTHING RETURNING id`,
    [id, row.moduleId, row.definitionId, row.inviterId, row.person.email.toLowerCase(), row.person.name, row.relationship, row.person.inv_group, row.kind, row.now],
  );
  if (inserted.length) return { id, isNew: true };
  const [existing] = await q.query<{ id: string }>(
    'SELECT id FROM survey_invites WHERE module_id = $1 AND definition_id = $2 AND inviter_id = $3 AND kind = $4 AND invitee_key = $5',
    [row.moduleId, row.definitionId, row.inviterId, row.kind, row.person.email.toLowerCase()],
  );
  return { id: existing.id, isNew: false };
}

export interface InviteContext {
  db: Db;
  user: Principal;
  moduleId: string;
  config: SurveyConfig;
  definition: { SurveyDefinitionId: string; Title: string };
  origin: string;
  now: Date;
}

/**
 * Queues the invitations: each invitee once (the invite key), checked against the nomination
 * rules and the directory under the user's claims (names and addresses come from the directory,
 * never from the caller, so the page cannot be used to mail anyone else). The invitations and
 * their e-mails are one transaction; someone already invited to this survey by this user is
 * reported, not mailed again, so a double click or a second tab sends nothing twice.
 */
export async function queueInvites(ctx: InviteContext, body: z.infer<typeof invitesBody>) {
  const ids = body.invitees.map((i) => i.personId);
  if (new Set(ids).size !== ids.length) throw badRequest('Nobody can be invited twice.');
  const problem = nominationProblem(body.invitees.map((i) => i.relationship), ctx.config.InviteSurveyConfig.Nominate);
  if (problem) throw badRequest(nominationMessage(problem));
  const people = await peopleById(ctx.db, ctx.moduleId, ids, ctx.user);
  if (people.size !== ids.length) throw notFound('Some of these people are not in the directory.');
  const [me] = await ctx.db.query<{ name: string; email: string }>("SELECT trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name, email FROM users WHERE id = $1", [ctx.user.id]);
  if ([...people.values()].some((p) => p.email.toLowerCase() === me?.email?.toLowerCase())) throw badRequest('You cannot invite yourself.');
  const inviter = me?.name || ctx.user.userName;
  return ctx.db.tx(async (q) => {
    const queued: string[] = [];
    const alreadyInvited: string[] = [];
    for (const invitee of body.invitees) {
      const person = people.get(invitee.personId)!;
      const { id, isNew } = await recordInvite(q, { moduleId: ctx.moduleId, definitionId: ctx.definition.SurveyDefinitionId, inviterId: ctx.user.id, kind: 'Invite', person, relationship: invitee.relationship, now: ctx.now });
      if (!isNew) {
        alreadyInvited.push(person.name);
        continue;
      }
      queued.push(person.name);
      await queueMail(
        q,
        person.email,
        `${inviter} asks for your feedback: ${ctx.definition.Title}`,
        `Hello ${person.name},\n\n${inviter} has asked you, as their ${invitee.relationship.toLowerCase()}, for feedback in the survey "${ctx.definition.Title}".\n\nOpen your personal link to answer: ${surveyLink(ctx.origin, ctx.definition.SurveyDefinitionId, id)}\n\nIt takes about five minutes.`,
        ctx.now,
      );
    }
    return { isSuccess: true, queued, alreadyInvited };
  });
}

/** Give Now: the user's own link to answer the survey about a colleague now (kept in the history). */
export async function giveNowLink(ctx: InviteContext, surveyee: string | number): Promise<string> {
  const source = peopleSource(ctx.moduleId);
  const field = columnByKey(source, ctx.config.PageConfig.Link.LinkField);
  if (!field) throw badRequest(`The page's link field "${ctx.config.PageConfig.Link.LinkField}" is not a field of its directory.`);
  const w = buildWhere(source, [], ctx.user.claims);
  w.add(`${field.column} = ${w.bind(field.typeName === 'Number' ? Number(surveyee) : String(surveyee))}`);
  const [person] = await ctx.db.query<Person>(`SELECT id, name, email, inv_group FROM survey_people ${w.sql} LIMIT 1`, w.params);
  if (!person) throw notFound('This person is not in the directory.');
  const { id } = await recordInvite(ctx.db, { moduleId: ctx.moduleId, definitionId: ctx.definition.SurveyDefinitionId, inviterId: ctx.user.id, kind: 'GiveNow', person, relationship: '', now: ctx.now });
  return surveyLink(ctx.origin, ctx.definition.SurveyDefinitionId, id);
}
