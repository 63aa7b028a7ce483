/**
 * Words that name no theme, per language, for proposing topics: function words, and the verbs,
 * judgements and fillers that surround a theme in a comment ("very", "great", "would", "always").
 * Matching ignores these lists: an administrator's term may contain any word.
 */
import type { Lang } from '../types';
import { EN_WORDS } from '../sentiment/lexicon-en';
import { DE_WORDS } from '../sentiment/lexicon-de';

const words = (text: string) => new Set(text.trim().split(/\s+/));

const EN = words(`
a about above after again against all also am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few
for from further had hadn't has hasn't have haven't having he her here hers herself him himself his how i i'm i've
if in into is isn't it it's its itself just let's me more most mustn't my myself no nor not now of off on once only
or other ought our ours ourselves out over own same she should shouldn't so some such than that that's the their
theirs them themselves then there there's these they they're this those through to too under until up us very was
wasn't we we're were weren't what when where which while who whom why will with won't would wouldn't you you're
your yours yourself yourselves
get got gets getting go goes went gone going come came comes make made say said take took want wanted need needed
know knew think thought give gave told tell use used try tried seem seemed keep kept find found look looked feel felt
arrive arrived arrives left asked instead yet far nobody someone anyone everyone everybody
though although however whereas otherwise besides twice once quick quickly fast slow slowly easy easily busy late
helpful unhelpful friendly unfriendly polite impolite rude kind patient efficient clean dirty tidy expensive cheap
really quite always never ever still even again already just much many lot lots bit little every everything
something nothing anything thing things way one two three four five ten twenty first last next day days week weeks month months year years today yesterday
good great bad nice excellent terrible awful poor best worst better worse amazing horrible fantastic perfect okay
ok fine love loved like liked hate hated happy unhappy disappointed disappointing recommend thanks thank please well
`);

const DE = words(`
aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei beim bin bis bist da damit
dann das dass dein deine dem den denn der des dich die dies diese diesem diesen dieser dieses dir doch dort du durch
ein eine einem einen einer eines einfach er es etwas euch euer für gegen gewesen hab habe haben hat hatte hätte
hier hin ich ihm ihn ihnen ihr ihre im in indem ins ist ja jede jedem jeden jeder jedes jetzt kann kein keine keinem
keinen keiner können könnte machen man manche mein meine meinem meinen meiner mich mir mit muss musste nach nicht
nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner seit sich sie sind so solche soll sollte
sondern um und uns unser unsere unter viel vom von vor war waren warum was weil weiter welche wenn wer werde werden
wie wieder will wir wird wo wurde wurden zu zum zur über immer schon mal gar ganz echt total leider
kam kamen kommen kommt gibt gab hatten mussten müssen
gut gute guter gutes super toll schlecht schlechte schlechter sehr prima klasse perfekt schön schöne nett nette
furchtbar schrecklich katastrophal enttäuscht enttäuschend zufrieden unzufrieden danke bitte gerne
ordnung besonderes bescheid trotzdem obwohl jedoch allerdings zweimal schnell langsam freundlich unfreundlich hilfsbereit unhöflich sauber schmutzig teuer billig
heute gestern tag tage woche wochen letzte letzten letzter zwei drei vier fünf zehn oft bisher mal sache sachen ding dinge alles nichts etwas
`);

/** Words that alone are no theme but may stand in one ("waiting time", "Wartezeit"). */
const GENERIC: Record<Lang, Set<string>> = {
  en: words('time times problem problems issue issues experience customer customers store shop service company people'),
  de: words('zeit problem probleme erfahrung kunde kunden laden filiale geschäft firma leute'),
};

/**
 * The lexicon's opinion words judge a theme rather than name one ("brilliant shop" is about the
 * shop): none is proposed, except the nouns among them that are themes of their own.
 */
const THEME_NOUNS = words('value quality bargain joke nightmare disaster mess chaos failure waste scam trouble qualität preis chaos ärger');
const opinions = (lexicon: Record<string, number>) => Object.keys(lexicon).filter((w) => !w.includes(' ') && !THEME_NOUNS.has(w));

const STOP: Record<Lang, Set<string>> = {
  en: new Set([...EN, ...opinions(EN_WORDS)]),
  de: new Set([...DE, ...opinions(DE_WORDS).map((w) => w.toLowerCase())]),
};

/** True for a word that never names a theme (lower-cased). */
export function isStopWord(word: string, lang: Lang): boolean {
  return STOP[lang].has(word.toLowerCase()) || /^\p{N}+$/u.test(word) || word.length < 3;
}

/** True for a word too general to be a theme of its own. */
export function isGeneric(word: string, lang: Lang): boolean {
  return GENERIC[lang].has(word.toLowerCase());
}
