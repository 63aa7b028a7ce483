import type { Lang, LearnedModel, ScoredComment, SentimentLabel } from '../types';
import { LABELS, agreement, isHeldOut, isValidation, labelOfScore, textHash } from './evaluation';
import { RULES, isNegator } from './rules';
import type { LexiconReading } from './score';
import { readWithLexicon } from './score';
import { isClauseBreak } from './tokenise';
import { breather, mapInSlices } from '../breathe';

export const MODEL_KIND = 'softmax-words-bigrams-lexicon/1';
/** Training is linear in rows; past this a stride sample of the rows is as good and bounded in time. */
const MAX_TRAINING_ROWS = 50_000;
const MAX_FEATURES = 20_000;
const EPOCHS = 8;
const RATE = 0.2;
const L2 = 1e-5;

/** A softmax layer: per feature one weight per label (LABELS order). */
interface Layer {
  bias: number[];
  /** Weights of the lexicon's score (-1..1) as an input, absent when trained without it. */
  lexicon?: number[];
  weights: Record<string, number[]>;
}

/**
 * Serialised parameters: the words model, the lexicon's score alone as a calibrated model, and the
 * share of the words model in the blend of their probabilities, chosen on rows kept from training.
 */
export interface ModelParams extends Layer {
  calibration: Layer;
  blend: number;
}

export interface TrainOptions {
  /** Whether the lexicon's score is an input (default true); off only to measure what it adds. */
  lexiconFeature?: boolean;
}

/** Words (marked "not_" within a negation's reach), emoji, and bigrams of neighbouring words. */
export function featuresOf(reading: LexiconReading): string[] {
  const rules = RULES[reading.lang];
  const features = new Set<string>();
  let previous = '';
  let negatedFor = 0;
  for (const t of reading.tokens) {
    if (isClauseBreak(t) || t.kind === 'punct') {
      previous = '';
      negatedFor = 0;
      continue;
    }
    const word = t.kind === 'number' ? '#' : t.lower;
    features.add(`w:${negatedFor > 0 ? 'not_' : ''}${word}`);
    if (previous) features.add(`b:${previous} ${word}`);
    previous = word;
    negatedFor = t.kind === 'word' && isNegator(rules, word) ? 3 : negatedFor - 1;
  }
  return [...features];
}

interface Example {
  features: string[];
  lexicon: number;
  label: number;
}

function softmax(z: number[]): number[] {
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

function layerProbabilities(layer: Layer, features: string[], score: number): number[] {
  const z = [...layer.bias];
  const lexicon = layer.lexicon;
  if (lexicon) for (let c = 0; c < 3; c++) z[c] += lexicon[c] * score;
  for (const f of features) {
    const w = layer.weights[f];
    if (w) for (let c = 0; c < 3; c++) z[c] += w[c];
  }
  return softmax(z);
}

const mix = (a: number[], b: number[], share: number) => a.map((v, c) => share * v + (1 - share) * b[c]);

/** Probabilities per label (LABELS order) of a comment already read by the lexicon. */
export function predictProbabilities(model: LearnedModel, reading: LexiconReading): number[] {
  const params = model.params as ModelParams;
  const words = layerProbabilities(params, featuresOf(reading), reading.score);
  return params.blend === 1 ? words : mix(words, layerProbabilities(params.calibration, [], reading.score), params.blend);
}

export const labelOfProbabilities = (p: number[]): SentimentLabel => LABELS[p.indexOf(Math.max(...p))];

function vocabulary(examples: Example[]): Set<string> {
  const df = new Map<string, number>();
  for (const e of examples) for (const f of e.features) df.set(f, (df.get(f) ?? 0) + 1);
  const minCount = examples.length >= 200 ? 2 : 1;
  const kept = [...df].filter(([, n]) => n >= minCount).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return new Set(kept.slice(0, MAX_FEATURES).map(([f]) => f));
}

/**
 * Multinomial logistic regression by Adagrad, labels weighted against imbalance, in a fixed order.
 * It takes seconds on a large source, so it gives the event loop turns (the order is unchanged).
 */
async function fit(examples: Example[], useLexicon: boolean): Promise<Layer> {
  const breathe = breather();
  const vocab = vocabulary(examples);
  const counts = LABELS.map((_, c) => examples.filter((e) => e.label === c).length);
  const classWeight = counts.map((n) => (n ? Math.min(5, examples.length / (3 * n)) : 0));
  const params: Layer = { bias: [0, 0, 0], lexicon: useLexicon ? [0, 0, 0] : undefined, weights: {} };
  const squares = new Map<number[], number[]>();
  const step = (w: number[], c: number, g: number) => {
    let s = squares.get(w);
    if (!s) squares.set(w, (s = [1e-8, 1e-8, 1e-8]));
    s[c] += g * g;
    w[c] -= (RATE * g) / Math.sqrt(s[c]) + RATE * L2 * w[c];
  };
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const keys = examples.map((_, i) => textHash(`${epoch}:${i}`));
    const order = examples.map((_, i) => i).sort((a, b) => keys[a] - keys[b]);
    for (const i of order) {
      const e = examples[i];
      const features = e.features.filter((f) => vocab.has(f));
      const z = [...params.bias];
      const lexicon = params.lexicon;
      for (let c = 0; c < 3; c++) {
        if (lexicon) z[c] += lexicon[c] * e.lexicon;
        for (const f of features) z[c] += params.weights[f]?.[c] ?? 0;
      }
      const p = softmax(z);
      for (let c = 0; c < 3; c++) {
        const g = (p[c] - (c === e.label ? 1 : 0)) * classWeight[e.label];
        step(params.bias, c, g);
        if (lexicon) step(lexicon, c, g * e.lexicon);
        for (const f of features) step((params.weights[f] ??= [0, 0, 0]), c, g);
      }
      const pause = breathe();
      if (pause) await pause; // awaited only when due: an await per example would cost a microtask each
    }
  }
  const round = (w: number[]) => w.map((v) => Math.round(v * 10_000) / 10_000 || 0);
  return {
    bias: round(params.bias),
    lexicon: params.lexicon && round(params.lexicon),
    weights: Object.fromEntries(Object.entries(params.weights).map(([f, w]) => [f, round(w)])),
  };
}

const BLENDS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The words model's share in the blend with the calibrated lexicon: the best macro-F1 on validation
 * rows (distinct texts kept from training), the larger share on a tie. Where a source's comments are
 * few templates (the seed), words learn the templates and the lexicon reads new ones better.
 */
async function chooseBlend(training: Example[], validation: Example[], useLexicon: boolean, calibration: Layer): Promise<number> {
  if (!validation.length) return 1;
  const words = await fit(training, useLexicon);
  const gold = validation.map((e) => LABELS[e.label]);
  let best = { blend: 1, f1: -1 };
  for (const blend of BLENDS) {
    const predicted = await mapInSlices(validation, (e) => labelOfProbabilities(mix(layerProbabilities(words, e.features, e.lexicon), layerProbabilities(calibration, [], e.lexicon), blend)));
    const { macroF1 } = agreement(gold, predicted);
    if (macroF1 >= best.f1) best = { blend, f1: macroF1 };
  }
  return best.blend;
}

/**
 * Learns a source's sentiment from its own scored comments: trained on four in five distinct
 * comments, and measured against the scores of the fifth it never saw (beside the lexicon alone
 * on the same rows). Deterministic: the same rows give the same model.
 */
export async function trainModel(rows: ScoredComment[], lang: Lang, options: TrainOptions = {}): Promise<LearnedModel> {
  const usable = rows.filter((r) => r.text && r.text.trim() && Number.isFinite(r.score));
  const read = (r: ScoredComment) => ({ row: r, reading: readWithLexicon(r.text, lang) });
  const training = usable.filter((r) => !isHeldOut(r.text));
  const stride = Math.max(1, Math.ceil(training.length / MAX_TRAINING_ROWS));
  const examples = (await mapInSlices(training.filter((_, i) => i % stride === 0), read)).map(({ row, reading }) => ({
    features: featuresOf(reading),
    lexicon: reading.score,
    label: LABELS.indexOf(labelOfScore(row)),
  }));
  const useLexicon = options.lexiconFeature !== false;
  const calibration = await fit(examples.map((e) => ({ ...e, features: [] })), true);
  const validating = examples.map((e, i) => isValidation(training[i * stride].text));
  const blend = useLexicon ? await chooseBlend(examples.filter((_, i) => !validating[i]), examples.filter((_, i) => validating[i]), useLexicon, calibration) : 1;
  const params: ModelParams = { ...(await fit(examples, useLexicon)), calibration, blend };
  const model: LearnedModel = { kind: MODEL_KIND, lang, trainedOn: examples.length, heldOut: { rows: 0, accuracy: 0, macroF1: 0 }, params };
  const heldOut = await mapInSlices(usable.filter((r) => isHeldOut(r.text)), read);
  const gold = heldOut.map(({ row }) => labelOfScore(row));
  const fromModel = agreement(gold, await mapInSlices(heldOut, ({ reading }) => labelOfProbabilities(predictProbabilities(model, reading))));
  const fromLexicon = agreement(gold, heldOut.map(({ reading }) => lexiconLabel(reading.score)));
  model.heldOut = { ...fromModel, lexicon: { accuracy: fromLexicon.accuracy, macroF1: fromLexicon.macroF1 } };
  return model;
}

/** Held-out rows a model must be measured on before it may read instead of the lexicon. */
export const MIN_HELD_OUT = 30;

/**
 * Whether a source's model reads its comments better than the lexicon alone (macro-F1), on enough
 * held-out rows to tell: else the lexicon reads them (server/text/analyse.ts, store.ts).
 */
export const modelBeatsLexicon = (model: LearnedModel, minHeldOut = MIN_HELD_OUT) =>
  model.heldOut.rows >= minHeldOut && model.heldOut.macroF1 > (model.heldOut.lexicon?.macroF1 ?? 0);

/** Scores beyond ±this are positive or negative, nearer to zero neutral (a raw sum of about ±0.8). */
export const NEUTRAL_BAND = 0.2;
export const lexiconLabel = (score: number): SentimentLabel => (score >= NEUTRAL_BAND ? 'positive' : score <= -NEUTRAL_BAND ? 'negative' : 'neutral');
