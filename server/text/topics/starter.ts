/**
 * A starter taxonomy for retail and service CX, in English and German, that a new source begins
 * with and an administrator then edits (the edited copy is stored per source; this is only data).
 * Terms match every inflection and, in German, compounds by their first or last part, so one term
 * covers many forms: "Lieferung" finds geliefert, Lieferzeit and Paketlieferung.
 */
import type { Lang, Topic } from '../types';

interface StarterTopic {
  id: string;
  parentId?: string;
  name: Record<Lang, string>;
  terms: Record<Lang, string[]>;
  exclusions?: Partial<Record<Lang, string[]>>;
}

export const STARTER_TAXONOMY: readonly StarterTopic[] = [
  {
    id: 'delivery',
    name: { en: 'Delivery', de: 'Lieferung' },
    terms: {
      en: ['delivery', 'courier', 'parcel', 'package', 'shipping', 'shipment', 'dispatch', 'tracking', 'driver'],
      de: ['Lieferung', 'Zustellung', 'zustellen', 'Paket', 'Versand', 'versenden', 'Kurier', 'Sendung', 'Bote'],
    },
    exclusions: { en: ['delivered on their promise', 'delivered on its promise'] },
  },
  {
    id: 'delivery-late',
    parentId: 'delivery',
    name: { en: 'Late delivery', de: 'Verspätete Lieferung' },
    terms: {
      en: ['late delivery', 'delayed', 'delay', 'arrived late', 'never arrived', 'never came', 'still waiting for my order'],
      de: ['verspätet', 'Verspätung', 'zu spät', 'kam nicht an', 'nie angekommen', 'Lieferverzug'],
    },
  },
  {
    id: 'staff',
    name: { en: 'Staff friendliness', de: 'Freundlichkeit des Personals' },
    terms: {
      en: ['staff', 'employee', 'colleague', 'cashier', 'assistant', 'manager', 'waiter', 'waitress', 'friendly', 'unfriendly',
        'rude', 'polite', 'impolite', 'helpful', 'unhelpful', 'courteous', 'attitude'],
      de: ['Personal', 'Mitarbeiter', 'Verkäufer', 'Kassierer', 'Bedienung', 'Angestellte', 'freundlich', 'unfreundlich', 'höflich',
        'unhöflich', 'hilfsbereit', 'Beratung', 'beraten'],
    },
    exclusions: {
      en: ['user friendly', 'eco friendly', 'environmentally friendly', 'budget friendly'],
      de: ['benutzerfreundlich', 'umweltfreundlich', 'kinderfreundlich', 'ein Freund', 'mein Freund', 'meinem Freund'],
    },
  },
  {
    id: 'waiting',
    name: { en: 'Waiting time', de: 'Wartezeit' },
    terms: {
      en: ['wait', 'waiting time', 'queue', 'in line', 'long line', 'took ages', 'took forever', 'slow service'],
      de: ['Wartezeit', 'warten', 'Schlange', 'anstehen', 'lange gedauert', 'dauerte ewig', 'ewig gedauert'],
    },
    exclusions: { en: ["can't wait", 'cannot wait', 'worth the wait', 'wait and see'] },
  },
  {
    id: 'price',
    name: { en: 'Price', de: 'Preis' },
    terms: {
      en: ['price', 'expensive', 'cheap', 'overpriced', 'value for money', 'cost', 'affordable', 'rip off', 'discount'],
      de: ['Preis', 'teuer', 'teurer', 'günstig', 'billig', 'überteuert', 'Kosten', 'Rabatt', 'Angebot'],
    },
    exclusions: { en: ['priceless'] },
  },
  {
    id: 'quality',
    name: { en: 'Product quality', de: 'Produktqualität' },
    terms: {
      en: ['quality', 'broken', 'damaged', 'faulty', 'defective', 'fresh', 'stale', 'well made', 'cheaply made', 'fell apart'],
      de: ['Qualität', 'kaputt', 'beschädigt', 'defekt', 'mangelhaft', 'frisch', 'verdorben', 'abgelaufen', 'Mangel'],
    },
    exclusions: { de: ['Personalmangel'] },
  },
  {
    id: 'returns',
    name: { en: 'Returns and refunds', de: 'Rückgabe und Erstattung' },
    terms: {
      en: ['return', 'exchange', 'send back', 'sent back', 'return label'],
      de: ['Rücksendung', 'Rückgabe', 'zurückschicken', 'zurücksenden', 'zurückgeben', 'Umtausch', 'Retoure'],
    },
    // Coming back is loyalty, not a return.
    exclusions: { en: ['will return', 'would return', 'will be returning', 'will definitely return', 'return again', 'returning customer'] },
  },
  {
    id: 'refunds',
    parentId: 'returns',
    name: { en: 'Refunds', de: 'Erstattung' },
    terms: {
      en: ['refund', 'money back', 'reimburse', 'reimbursement', 'credit note', 'chargeback'],
      de: ['Erstattung', 'erstatten', 'Rückerstattung', 'Geld zurück', 'Gutschrift'],
    },
  },
  {
    id: 'cleanliness',
    name: { en: 'Cleanliness', de: 'Sauberkeit' },
    terms: {
      en: ['clean', 'cleanliness', 'dirty', 'messy', 'tidy', 'untidy', 'filthy', 'smell', 'hygiene', 'toilet', 'litter'],
      de: ['sauber', 'Sauberkeit', 'unsauber', 'schmutzig', 'dreckig', 'ordentlich', 'unordentlich', 'Hygiene', 'Toilette', 'stinkt', 'Geruch'],
    },
  },
  {
    id: 'stock',
    name: { en: 'Stock availability', de: 'Verfügbarkeit' },
    terms: {
      en: ['out of stock', 'in stock', 'stock', 'sold out', 'unavailable', 'not available', 'availability', 'empty shelves'],
      de: ['vorrätig', 'ausverkauft', 'nicht verfügbar', 'Verfügbarkeit', 'leere Regale', 'nicht auf Lager', 'Lagerbestand', 'vergriffen'],
    },
  },
  {
    id: 'checkout',
    name: { en: 'Checkout', de: 'Kasse' },
    terms: {
      en: ['checkout', 'check out', 'till', 'self checkout', 'card payment', 'contactless', 'card reader', 'receipt'],
      de: ['Kasse', 'bezahlen', 'Bezahlung', 'Kartenzahlung', 'Kassenbon', 'Quittung'],
    },
  },
  {
    id: 'digital',
    name: { en: 'App and website', de: 'App und Website' },
    terms: {
      en: ['app', 'website', 'web site', 'online shop', 'online', 'login', 'log in', 'password', 'account', 'crashed', 'crashes'],
      de: ['App', 'Website', 'Webseite', 'Internetseite', 'Onlineshop', 'Online-Shop', 'online', 'Homepage', 'Login', 'einloggen',
        'Passwort', 'Kundenkonto', 'abgestürzt'],
    },
  },
];

/**
 * The starter taxonomy as topics: with the terms of every language in `langs` (a source with
 * comments in both gets both), named in `nameLang`.
 */
export function starterTopics(langs: Lang[] = ['en', 'de'], nameLang: Lang = 'en'): Topic[] {
  return STARTER_TAXONOMY.map((t) => ({
    id: t.id,
    ...(t.parentId ? { parentId: t.parentId } : {}),
    name: t.name[nameLang],
    terms: langs.flatMap((l) => t.terms[l]),
    exclusions: langs.flatMap((l) => t.exclusions?.[l] ?? []),
  }));
}
