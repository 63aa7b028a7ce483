import type { Topic, TopicCandidate } from '../../api/text-topics';

/** The taxonomy being edited, as pure steps on the list PUT sends (its order is the order of `topics.N` in a 400). */

/** A topic's id from its name: lower-case ASCII letters, digits and hyphens (the server's [a-z0-9-]{1,40}), unique in `taken`. */
export function idFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/ß/g, 'ss')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34)
      .replace(/-+$/, '') || 'topic';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

const ids = (topics: readonly Topic[]) => new Set(topics.map((t) => t.id));

/** Adds a topic (under `parentId` when given) and returns the list with it last. */
export function addTopic(topics: readonly Topic[], name: string, terms: string[] = [], parentId?: string): { topics: Topic[]; id: string } {
  const id = idFor(name, ids(topics));
  return { topics: [...topics, { id, name, terms: merged([], terms), exclusions: [], ...(parentId ? { parentId } : {}) }], id };
}

/** Replaces one topic by `change(topic)`. */
export const changeTopic = (topics: readonly Topic[], id: string, change: (topic: Topic) => Topic): Topic[] =>
  topics.map((t) => (t.id === id ? change(t) : t));

/** Removes a topic; its sub-topics move up to its parent, so nothing else is lost. */
export function removeTopic(topics: readonly Topic[], id: string): Topic[] {
  const gone = topics.find((t) => t.id === id);
  return topics
    .filter((t) => t.id !== id)
    .map((t) => (t.parentId !== id ? t : withParent(t, gone?.parentId)));
}

/** A topic under `parentId` (none: top level). */
export function withParent(topic: Topic, parentId: string | undefined): Topic {
  const { parentId: _old, ...rest } = topic;
  return parentId ? { ...rest, parentId } : rest;
}

/** `list` with `more` added, each phrase once (trimmed, compared without case). */
export function merged(list: readonly string[], more: readonly string[]): string[] {
  const out = [...list];
  const seen = new Set(list.map((x) => x.toLocaleLowerCase()));
  for (const raw of more) {
    const term = raw.trim();
    if (term && !seen.has(term.toLocaleLowerCase())) {
      seen.add(term.toLocaleLowerCase());
      out.push(term);
    }
  }
  return out;
}

/** Accepting a candidate: a new top-level topic with its (possibly renamed) name and its terms. */
export const acceptCandidate = (topics: readonly Topic[], candidate: TopicCandidate) => addTopic(topics, candidate.name.trim(), candidate.terms);

/** Merging a candidate into a topic: its terms join the topic's (each once). */
export const mergeCandidate = (topics: readonly Topic[], candidate: TopicCandidate, into: string): Topic[] =>
  changeTopic(topics, into, (t) => ({ ...t, terms: merged(t.terms, candidate.terms) }));

/** The topic and everything under it: what may not become its parent. */
export function subtreeOf(topics: readonly Topic[], id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of topics) {
      if (t.parentId && out.has(t.parentId) && !out.has(t.id)) {
        out.add(t.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Children of `parentId` (undefined: the top level), in list order; a topic whose parent is missing shows at the top. */
export function childrenOf(topics: readonly Topic[], parentId: string | undefined): Topic[] {
  const known = ids(topics);
  return topics.filter((t) => (parentId === undefined ? !t.parentId || !known.has(t.parentId) : t.parentId === parentId));
}

export type TopicField = 'name' | 'terms' | 'exclusions' | 'parentId';
/** A 400's messages by topic id and field; `general` holds what names no topic's field. */
export interface TopicErrors {
  byTopic: Record<string, Partial<Record<TopicField, string[]>>>;
  general: string[];
}

const FIELDS: readonly string[] = ['name', 'terms', 'exclusions', 'parentId'];

/** Reads a 400's `errors` (`topics.3.terms.0`, or `topics[3].name`) against the list that was sent. */
export function errorsByTopic(sent: readonly Topic[], errors: Record<string, string[]> | undefined, message: string | undefined): TopicErrors {
  const out: TopicErrors = { byTopic: {}, general: [] };
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^topics[.[](\d+)\]?\.(\w+)/.exec(key);
    const topic = match ? sent[Number(match[1])] : undefined;
    const field = match && FIELDS.includes(match[2]) ? (match[2] as TopicField) : undefined;
    if (topic && field) {
      const slot = (out.byTopic[topic.id] ??= {});
      slot[field] = [...new Set([...(slot[field] ?? []), ...messages])];
    } else out.general.push(...messages);
  }
  if (!Object.keys(out.byTopic).length && !out.general.length && message) out.general.push(message);
  out.general = [...new Set(out.general)];
  return out;
}

/**
 * Ids for the topics not saved yet, made from their names as they are now (a topic added as "New
 * topic" and renamed "Delivery" is sent as `delivery`); saved topics keep theirs, and sub-topics
 * follow their parent's new id. The order is kept, so `topics.N` in a 400 is still the draft's N.
 */
export function freshIds(topics: readonly Topic[], keep: ReadonlySet<string>): Topic[] {
  const taken = new Set(topics.filter((t) => keep.has(t.id)).map((t) => t.id));
  const renamed = new Map<string, string>();
  for (const t of topics) {
    if (keep.has(t.id)) continue;
    const id = idFor(t.name, taken);
    taken.add(id);
    renamed.set(t.id, id);
  }
  return topics.map((t) => {
    const id = renamed.get(t.id) ?? t.id;
    const parentId = t.parentId && (renamed.get(t.parentId) ?? t.parentId);
    return { ...withParent(t, parentId), id };
  });
}
