import type { Db, Param } from '../db';
import { QUICK_TEMPLATES } from '../processflow/workflow';
import { CASE_COLUMNS } from '../processflow/case-table';
import { reviewCase } from '../reviews/review-case';
import { WORKERS } from './cases';
import { Random } from './random';

const DAY = 86_400_000;
const BATCH = 100_000;

/** Review texts by stars, in the seed's two languages. */
const TEXTS: Record<'en' | 'de', Record<number, string[]>> = {
  en: {
    5: ['Brilliant shop, the staff could not have been more helpful.', 'Always clean, well stocked and friendly. Five stars.', 'Quick in and out, found everything I needed.'],
    4: ['Good range and fair prices, a little busy at the weekend.', 'Helpful staff, though the queue was long.', 'Nice store, would come again.'],
    3: ['Okay, nothing special.', 'Average visit, some shelves were empty.', 'Fine for a quick shop.'],
    2: ['Waited a long time at the till and nobody opened another one.', 'Could not find half of what I came for.', 'Staff seemed uninterested.'],
    1: ['Terrible service, I was ignored for twenty minutes.', 'Out of stock again and nobody could tell me when it would be back.', 'Rude staff and a dirty store. Never again.'],
  },
  de: {
    5: ['Super Laden, sehr freundliches Personal.', 'Alles gefunden, schnell und unkompliziert.'],
    4: ['Gute Auswahl, nur etwas voll am Samstag.', 'Freundlich und sauber, gerne wieder.'],
    3: ['In Ordnung, nichts Besonderes.', 'Durchschnittlich, einiges fehlte.'],
    2: ['Lange Wartezeit an der Kasse.', 'Personal war kaum zu finden.'],
    1: ['Sehr unfreundlich, nie wieder.', 'Schon wieder ausverkauft und keiner wusste Bescheid.'],
  },
};
const AUTHORS = ['Sam K.', 'Alex P.', 'Jordan M.', 'Chris B.', 'Taylor R.', 'Morgan L.', 'Jamie S.', 'Robin D.', 'Kim W.', 'Lena H.', 'Jonas F.', 'Mia S.'];
/** 1 to 5 stars as public reviews tend to be: many fives, more ones than twos. */
const STAR_SHARES = [0.14, 0.09, 0.12, 0.25, 0.4];

const templateFor = (stars: number) => QUICK_TEMPLATES[stars >= 4 ? 0 : stars === 3 ? 1 : 2].text;

/**
 * `count` public reviews of the two years before `now` (the local provider's store), every one a
 * process-flow object of the reviews module: the replied ones resolved by a Reply with its
 * history entry, the others new. Older reviews are more often replied, after hours to days.
 */
export async function seedReviews(db: Db, count: number, now: Date): Promise<void> {
  const stores = await db.query<{ store: string; region: string; country: string }>('SELECT DISTINCT store, region, country FROM responses ORDER BY store');
  if (!stores.length) return;
  const random = new Random(23);
  const span = 730 * DAY;
  const posted = Array.from({ length: count }, () => new Date(now.getTime() - Math.floor(random.next() * span))).sort((a, b) => a.getTime() - b.getTime());
  let reviews: Param[][] = [];
  let cases: Param[][] = [];
  let history: Param[][] = [];
  // Loaded a batch at a time: a million reviews' rows at once held gigabytes.
  const flush = async () => {
    await db.insertMany('reviews', ['id', 'provider', 'external_id', 'store', 'region', 'country', 'stars', 'author_name', 'review_text', 'lang', 'posted_at', 'reply_text', 'replied_at', 'replied_by'], reviews);
    await db.insertMany('cases', CASE_COLUMNS, cases);
    await db.insertMany('case_history', ['history_id', 'pfo_id', 'action_type', 'action_name', 'from_state', 'to_state', 'comment', 'properties', 'user_id', 'user_name', 'actioned_at', 'version'], history);
    [reviews, cases, history] = [[], [], []];
  };
  for (const [i, at] of posted.entries()) {
    const id = i + 1;
    const store = random.pick(stores);
    let roll = random.next();
    const stars = STAR_SHARES.findIndex((share) => (roll -= share) < 0) + 1 || 5;
    const lang = random.chance(0.15) ? 'de' : 'en';
    const text = random.pick(TEXTS[lang][stars]);
    const author = random.pick(AUTHORS);
    const age = (now.getTime() - at.getTime()) / DAY;
    const replied = random.chance(age > 14 ? 0.7 : 0.3);
    const repliedAt = replied ? new Date(Math.min(now.getTime() - 60_000, at.getTime() + (0.5 + random.next() ** 2 * 120) * 3_600_000)) : null;
    const worker = random.pick(WORKERS);
    const reply = replied ? templateFor(stars) : null;
    reviews.push([id, 'local', `local-${id}`, store.store, store.region, store.country, stars, author, text, lang, at, reply, repliedAt, replied ? worker.name : null]);
    const values = reviewCase({ id, provider: 'local', store: store.store, region: store.region, country: store.country, stars, text, author, postedAt: at }, new Date(at.getTime() + 5 * 60_000));
    const pfo = String(values.pfo_id);
    if (replied) {
      Object.assign(values, {
        state: 'Resolved', version: 1, last_action_type: 0, last_action_name: 'Reply', last_actioned_at: repliedAt, last_actioned_by_user_id: worker.id, last_actioned_by_user_name: worker.name, action_comment: reply,
        last_state_change_at: repliedAt, last_state_change_by_user_id: worker.id, last_state_change_by_user_name: worker.name,
      });
      history.push([`${pfo}-h1`, pfo, 0, 'Reply', 'New', 'Resolved', reply, '{}', worker.id, worker.name, repliedAt, 1]);
    }
    cases.push(CASE_COLUMNS.map((c) => values[c] ?? null));
    if (cases.length === BATCH || id === count) await flush();
  }
}
