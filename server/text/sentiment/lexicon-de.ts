/**
 * German valence of words and phrases in customer comments, -4 .. 4, lower-case, curated for retail
 * and service. Adjective endings (gute, guten, freundlicher) are stripped by `baseForms` in rules.ts,
 * so adjectives are listed in their base form; nouns and compounds as written.
 */
export const DE_WORDS: Record<string, number> = {
  // Meinung, positiv
  ausgezeichnet: 3, hervorragend: 3, exzellent: 3, großartig: 3, grossartig: 3, fantastisch: 3, phantastisch: 3,
  toll: 2.5, super: 2.5, klasse: 2.5, spitze: 3, prima: 2.5, perfekt: 3, wunderbar: 3, genial: 3, top: 2,
  gut: 2, schön: 2, schoen: 2, nett: 2, angenehm: 2, zufrieden: 2, begeistert: 3, glücklich: 2.5, froh: 2,
  empfehlen: 2, empfehlenswert: 2.5, empfehle: 2, weiterempfehlen: 2.5, danke: 1.5, dankbar: 2, lob: 2,
  besser: 1, beste: 3, bester: 3, bestens: 3, okay: 0.2, ok: 0.2, passt: 1, gerne: 1.5, gern: 1.5,
  lecker: 2.5, sauber: 1.5, ordentlich: 1.5, aufgeräumt: 1.5, übersichtlich: 1.5, modern: 1, frisch: 1.5,
  preiswert: 2, günstig: 1.5, fair: 1.5, zuverlässig: 2, reibungslos: 2, problemlos: 2, unkompliziert: 2,
  einfach: 1, bequem: 1.5, gefallen: 2, gefällt: 2, gefiel: 2, helfen: 1, geholfen: 1.5, hilfe: 1, gemütlich: 1.5, liebe: 2, lieb: 2, herzlich: 2.5, wow: 2, traumhaft: 3,
  // Meinung, negativ
  schlecht: -2.5, schlechter: -2.5, schlechteste: -3.5, schrecklich: -3, furchtbar: -3, katastrophal: -3.5,
  katastrophe: -3, miserabel: -3, mies: -2.5, grauenhaft: -3.5, unmöglich: -2.5, enttäuscht: -2.5,
  enttäuschend: -2.5, enttäuschung: -2.5, ärgerlich: -2.5, ärgern: -2, verärgert: -2.5, sauer: -2,
  wütend: -3, frustrierend: -2.5, frustriert: -2.5, nervig: -2, traurig: -1.5, leider: -1.5, schade: -1.5,
  mangelhaft: -2.5, ungenügend: -3, mittelmäßig: -1.5, durchschnittlich: -0.3, langweilig: -1.5,
  problem: -1.5, probleme: -1.5, ärger: -2, chaos: -2.5, chaotisch: -2.5, zumutung: -3, frechheit: -3,
  unverschämt: -3, unverschämtheit: -3, witz: -1.5, lachhaft: -2.5, peinlich: -2.5, nutzlos: -3,
  sinnlos: -2, abzocke: -3.5, betrug: -3.5, reklamation: -2, beschwerde: -2, beschweren: -2, mist: -2.5,
  scheiße: -3, scheisse: -3, verdammt: -1.5, schwierig: -1.5, stressig: -2, voll: -0.8, überfüllt: -1.5,
};

/** The domain's own words (service, staff, waiting, delivery, stock, price), named as such in reasons. */
export const DE_DOMAIN: Record<string, number> = {
  // Service und Personal
  freundlich: 2.5, hilfsbereit: 2.5, kompetent: 2.5, höflich: 2, aufmerksam: 2, geduldig: 1.5,
  zuvorkommend: 2.5, professionell: 2, kulant: 2, engagiert: 2, sympathisch: 2, beratung: 0.5,
  unfreundlich: -2.5, unhöflich: -2.5, unhöflichkeit: -2.5, inkompetent: -3, unverschämtes: -3,
  desinteressiert: -2, genervt: -2, arrogant: -2.5, ignoriert: -2.5, unprofessionell: -2.5, patzig: -2.5,
  niemand: -1, keiner: -0.5,
  // Tempo, Warten, Lieferung
  schnell: 1.5, zügig: 1.5, flott: 1.5, pünktlich: 1.5, langsam: -2, verspätet: -2, verspätung: -2,
  verzögerung: -2, verzögert: -2, spät: -1.5, warten: -1, wartezeit: -1.5, wartezeiten: -1.5, gewartet: -1.5,
  warteschlange: -1.5, schlange: -1, ewig: -1.5, ewigkeit: -2, ausverkauft: -2, vergriffen: -1.5,
  fehlte: -1.5, fehlten: -1.5, fehlt: -1.5, fehlend: -1.5, verloren: -2, storniert: -1.5, rückerstattung: -1,
  erstattung: -1, kaputt: -2.5, beschädigt: -2.5, defekt: -2.5, falsch: -2, fehler: -1.5, teuer: -1.5,
  überteuert: -2.5, wucher: -3, dreckig: -2.5, schmutzig: -2.5, unordentlich: -2, leer: -1,
  unterbesetzt: -2, umtausch: -0.5, kalt: -1, dunkel: -1, laut: -1.5, trocken: -1,
  rutschig: -1.5, gefährlich: -2.5, unübersichtlich: -2, stürzt: -1.5, kurz: 0.5, lang: -0.5, praktisch: 1.5, gesperrt: -1.5, abgestürzt: -2, vorrätig: 1, verfügbar: 0.5,
};

/** Phrases matched before words, as one unit. */
export const DE_PHRASES: Record<string, number> = {
  'nie wieder': -3, 'nicht vorrätig': -2, 'nicht auf lager': -2, 'nicht lieferbar': -2, 'nichts besonderes': -0.8,
  'kein problem': 1.5, 'keine probleme': 1.5, 'keine wartezeit': 1.5, 'nicht schlecht': 1, 'in ordnung': 0.5,
  'geht so': -0.5, 'könnte besser sein': -1, 'ließ zu wünschen übrig': -2, 'lässt zu wünschen übrig': -2,
  'zu lange': -1.5, 'viel zu lange': -2, 'zu teuer': -2, 'gerne wieder': 2.5, 'immer wieder gerne': 3,
  'vielen dank': 2, 'warte immer noch': -2.5, 'warte noch immer': -2.5, 'nicht angekommen': -3,
  'nie angekommen': -3, 'nicht erreichbar': -2, 'keiner erreichbar': -2, 'niemand erreichbar': -2,
  'keine ahnung': -1.5, 'über den tisch gezogen': -3, 'hat gepasst': 1.5, 'alles bestens': 3,
  'alles gut': 2, 'nicht zu empfehlen': -2.5, 'ein traum': 2.5, 'ein witz': -2,
  'kaum zu finden': -2, 'nicht zu finden': -2, 'nichts gefunden': -1.5, 'nicht gefunden': -1.5,
  'alles gefunden': 1.5, 'keiner wusste': -2, 'niemand wusste': -2,
  'keine hilfe': -2, 'nicht helfen': -2, 'nicht weiterhelfen': -2, 'mühe gegeben': 2, 'qualität stimmt': 1.5,
  'nie beantwortet': -2, 'nicht beantwortet': -2, 'immer noch nicht': -2, 'noch immer nicht': -2, 'ging nicht': -2,
  'geht nicht': -2, 'funktioniert nicht': -2, 'funktionierte nicht': -2, 'nicht funktioniert': -2, 'schon wieder': -1.5,
  'wieder mal': -1, 'danke auch': -1.5, 'kurze wartezeit': 1.5, 'keine wartezeiten': 1.5, 'nicht geholfen': -2, 'nicht geklappt': -2, 'hat geklappt': 1.5, 'hat alles geklappt': 2,
};
