/**
 * English valence of words and phrases in customer comments, -4 .. 4 (AFINN's scale), curated for
 * retail and service: general opinion words plus the domain's own ("delayed", "refund", "queue").
 * Inflections are found by `baseForms` in rules.ts, so only base forms and irregular ones are listed.
 */
export const EN_WORDS: Record<string, number> = {
  // Opinion, positive
  excellent: 3, outstanding: 3.5, amazing: 3, brilliant: 3, fantastic: 3, superb: 3, perfect: 3, wonderful: 3,
  great: 2.5, awesome: 3, love: 3, loved: 3, lovely: 2.5, best: 3, impressive: 2.5, impressed: 2.5,
  good: 2, nice: 2, pleasant: 2, enjoy: 2, enjoyed: 2, happy: 2.5, pleased: 2.5, glad: 2, delighted: 3,
  satisfied: 2, recommend: 2, recommended: 2, thanks: 1.5, thank: 1.5, grateful: 2, appreciate: 2, appreciated: 2,
  well: 0.8, better: 1, fine: 0.6, ok: 0.2, okay: 0.2, decent: 1, solid: 1, reliable: 2, beautiful: 2.5,
  gorgeous: 3, fab: 3, fabulous: 3, wow: 2, super: 2.5, top: 1.5, star: 1.5, stars: 0.5, gem: 2.5, favourite: 2,
  favorite: 2, exceptional: 3, spotless: 2.5, fresh: 1.5, smooth: 1.5, seamless: 2, painless: 2, pleasure: 2.5,
  win: 1.5, bargain: 2, worth: 1.5, value: 1, quality: 0.5, comfortable: 1.5, calm: 1, cosy: 1.5, welcoming: 2.5,
  // Opinion, negative
  terrible: -3, awful: -3, horrible: -3, dreadful: -3, appalling: -3.5, disgusting: -3.5, atrocious: -3.5,
  worst: -3.5, bad: -2.5, poor: -2, poorly: -2, worse: -2.5, hate: -3, hated: -3, disappointed: -2.5,
  disappointing: -2.5, disappointment: -2.5, frustrating: -2.5, frustrated: -2.5, annoying: -2, annoyed: -2,
  angry: -3, furious: -3.5, upset: -2, unhappy: -2.5, shocking: -3, shocked: -2, useless: -3, pointless: -2,
  ridiculous: -2.5, unacceptable: -3, joke: -2, nightmare: -3, disaster: -3, mess: -2, messy: -2,
  mediocre: -1.5, average: -0.3, meh: -1, boring: -1.5, sad: -1.5, sadly: -1.5, unfortunately: -1.5,
  fail: -2, failed: -2, failure: -2.5, problem: -1.5, problems: -1.5, issue: -1, issues: -1, trouble: -1.5,
  confusing: -1.5, confused: -1.5, stressful: -2, chaos: -2.5, chaotic: -2.5, crowded: -1, busy: -0.5,
  frustration: -2.5, thankful: 2, yay: 2, ugh: -2, argh: -2, waste: -2.5, regret: -2, avoid: -2.5, scam: -3.5, ripoff: -3, cheated: -3, lied: -3, lies: -2.5,
  crap: -3, damn: -1.5, bloody: -1.5, pathetic: -3, incompetent: -3, clueless: -2.5, uninterested: -2,
  careless: -2, lazy: -2, arrogant: -2.5, hopeless: -2.5, difficult: -1.5, hard: -0.5, impossible: -2,
};

/** The domain's own words (service, staff, waiting, delivery, stock, price), named as such in reasons. */
export const EN_DOMAIN: Record<string, number> = {
  // Service and staff
  helpful: 2.5, friendly: 2.5, polite: 2, kind: 2, knowledgeable: 2.5, attentive: 2, courteous: 2,
  professional: 2, patient: 1.5, cheerful: 2, efficient: 2, prompt: 1.5, responsive: 1.5, caring: 2,
  rude: -3, unhelpful: -2.5, unfriendly: -2.5, impolite: -2.5, dismissive: -2.5, ignored: -2.5,
  unprofessional: -2.5, grumpy: -2, moody: -1.5, nobody: -1, noone: -1,
  // Speed, waiting, delivery
  quick: 1.5, quickly: 1.5, fast: 1.5, speedy: 1.5, easy: 1.5, easily: 1.2, convenient: 1.5, simple: 1,
  slow: -2, slowly: -1.5, delayed: -2, delay: -2, delays: -2, late: -2, queue: -1, queues: -1, queuing: -1.5,
  waited: -1.5, waiting: -1.5, wait: -1, forever: -1.5, ages: -1.5, missing: -2, lost: -2, cancelled: -1.5,
  canceled: -1.5, refund: -1, refunded: 0.5, complaint: -2, complain: -2, complained: -2, hassle: -2,
  broken: -2.5, damaged: -2.5, faulty: -2.5, defective: -2.5, wrong: -2, incorrect: -2, unavailable: -1.5,
  overcharged: -3, overpriced: -2.5, expensive: -1.5, pricey: -1.5, cheap: 0.5, affordable: 1.5, dirty: -2.5,
  filthy: -3, smelly: -2.5, empty: -1, clean: 1.5, tidy: 1.5, organised: 1.5, organized: 1.5, stocked: 1,
  available: 0.5, ignoring: -2, unanswered: -2, understaffed: -2, stuck: -1.5, error: -1.5, crashed: -2,
  crashes: -2, glitchy: -2, buggy: -2, declined: -1.5, charged: -0.5, loud: -1.5, noisy: -1.5,
  closed: -1, locked: -1, help: 1, helped: 1.5, handy: 1.5, refreshing: 2, uncomfortable: -2, unsafe: -2.5, soaked: -1.5,
};

/** Phrases matched before words, as one unit ("out of stock" is negative though its words are not). */
export const EN_PHRASES: Record<string, number> = {
  'out of stock': -2, 'sold out': -1.5, 'never arrived': -3, 'never again': -3, 'on hold': -1.5,
  'not in stock': -2, 'waste of time': -3, 'waste of money': -3, 'no one': -1, 'could be better': -1,
  'nothing special': -0.8, 'not bad': 1, 'no problem': 1.5, 'no problems': 1.5, 'no issues': 1.5,
  'no complaints': 2, 'no queue': 1.5, 'no wait': 1.5, 'no waiting': 1.5, 'over the moon': 3,
  'above and beyond': 3, 'went the extra mile': 3, 'spot on': 2.5, 'rip off': -3, 'let down': -2.5,
  'let me down': -2.5, 'fed up': -2.5, 'called back': 0.5, 'nobody called': -2, 'still waiting': -2.5,
  'come back': 1, 'will return': 1.5, 'gone up': -1, 'gone down': -1.5, 'not worth': -2, 'well done': 2.5,
  'thank you': 1.5, 'had to ask': -0.8, 'far too long': -2, 'too long': -1.5, 'took ages': -2,
  'hit and miss': -1, 'so so': -0.5, 'not great': -1.5, 'out of date': -2, 'past its date': -2,
  'could not find': -2, "couldn't find": -2, "can't find": -2, 'cannot find': -2, 'nobody knew': -2,
  "didn't help": -2, 'did not help': -2, 'found everything': 1.5, 'what i needed': 1, 'in and out': 1.5,
  'no help': -2, 'were out of': -2, 'was out of': -2, 'ran out of': -2, 'not working': -2, "wasn't working": -2,
  "didn't work": -2, "doesn't work": -2, "don't work": -2, 'stopped working': -2, 'never happened': -2, 'never came': -2,
  'without doubt': 0.5, 'no doubt': 0.5, 'hard to find': -2, 'difficult to find': -2, "can't fault": 2.5, 'cannot fault': 2.5,
  "couldn't fault": 2.5, 'long wait': -2, 'long queue': -2, 'long queues': -2, "couldn't help": -2, 'could not help': -2,
  "couldn't answer": -1.5, "couldn't explain": -1.5, 'yet again': -1.5, 'too little': -1.5,
  'not helpful': -2.5, 'no longer': -0.5, 'no idea': -1.5, 'never answered': -2.5,
};
