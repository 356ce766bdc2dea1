// Whether a text is written in the language its file claims (issue 25: a text swapped between it and fr, or a
// German one left in the Italian file, passed the key and placeholder checks). Pragmatic, not linguistics, in two
// signals that must agree so that names and loan words ("PostFinance Card", "Aktuelle E-Mail-Adresse") pass:
//  - marker words: each language's most frequent short words ("der/und/Sie", "il/di/per", "le/et/vous");
//  - letter trigrams: how much the text looks like all the shop's other texts of each language (i18n/*/*.json and
//    the page namespaces), the text itself left out.
// A text of MIN_WORDS words or more whose marker words point MARGIN or more to another language is wrong; so is a
// text of MIN_LETTERS letters or more that resembles another language more than its own by its trigrams AND has
// more marker words of that language. Short labels are left to the second rule: the Italian and French texts of
// a key whose German text has two words or more are never the same unless the German is too (brand names such as
// "Click & Collect"). Measured on the shop's texts: no false alarm, about 6 in 10 it↔fr swaps of single keys caught
// (the misses are one- to three-word labels); a whole file swapped is caught many times over.

export type Language = 'de' | 'it' | 'fr';

const MIN_WORDS = 4;
const MARGIN = 2;
const MIN_LETTERS = 12;
/** From this many letters the trigrams decide on their own unless the marker words say otherwise. */
const LONG_LETTERS = 32;
const LANGUAGES = ['de', 'it', 'fr'] as const;

const MARKERS: Record<Language, ReadonlySet<string>> = {
  de: new Set(
    'der die das den dem des und ist sind sie ihr ihre ihren ihrem ihrer ein eine einen einem einer nicht mit für von zu zum zur auf im in bei wir werden wird bitte oder auch noch nach über aus kann können wurde keine kein alle diese dieser mehr hier jetzt'.split(
      ' ',
    ),
  ),
  it: new Set(
    'il lo la i gli le di del della dei delle degli al alla ai alle che con è sono un una uno nel nella nei sul sulla questo questa tuo tua tuoi tue suo sua si ci da dal dalla o ed e più può puoi stato stata nessun nessuna tutti tutte ancora qui ora dopo vostro vostra vostri vostre voi'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les de du des et est sont vous votre vos un une au aux dans pour avec ne pas sur ce cette ces qui que nous été être a ou plus peut pouvez aucun aucune tous toutes encore ici en il elle'.split(' '),
  ),
};

/** The words of a text without placeholders, tags and numbers, lower-case (elisions split: "l’adresse" → l, adresse; "e-mail" is one word). */
export function wordsOf(text: string): string[] {
  return text
    .replace(/\{\{\w+\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .replace(/e-mail/g, 'email')
    .split(/[^a-zà-öø-ÿ]+/u)
    .filter(Boolean);
}

/** A word of two languages' lists ("la", "il", "in") tells nothing: it counts for neither. */
const SHARED = new Set(LANGUAGES.flatMap((language) => [...MARKERS[language]].filter((word) => LANGUAGES.some((other) => other !== language && MARKERS[other].has(word)))));

/** Counts of each language's own marker words in the text. */
export function languageScores(text: string): Record<Language, number> {
  const scores: Record<Language, number> = { de: 0, it: 0, fr: 0 };
  for (const word of wordsOf(text)) for (const language of LANGUAGES) if (MARKERS[language].has(word) && !SHARED.has(word)) scores[language] += 1;
  return scores;
}

type Profile = Map<string, number>;

function trigrams(text: string): Profile {
  const padded = ` ${wordsOf(text).join(' ')} `;
  const grams: Profile = new Map();
  for (let i = 0; i + 3 <= padded.length; i++) grams.set(padded.slice(i, i + 3), (grams.get(padded.slice(i, i + 3)) ?? 0) + 1);
  return grams;
}

/** Cosine similarity of a text's trigrams with a language's profile, `leaveOut`'s trigrams taken out of the profile. */
function resemblance(grams: Profile, profile: Profile, leaveOut: Profile | null): number {
  let dot = 0;
  let textNorm = 0;
  for (const [gram, count] of grams) {
    dot += count * ((profile.get(gram) ?? 0) - (leaveOut?.get(gram) ?? 0));
    textNorm += count * count;
  }
  let profileNorm = 0;
  for (const [gram, count] of profile) profileNorm += (count - (leaveOut?.get(gram) ?? 0)) ** 2;
  return dot / Math.sqrt(textNorm * profileNorm || 1);
}

/** The trigram profiles of every language from a corpus of texts. */
export function languageProfiles(corpus: Record<Language, Iterable<string>>): Record<Language, Profile> {
  const profiles = { de: new Map(), it: new Map(), fr: new Map() } as Record<Language, Profile>;
  for (const language of LANGUAGES) {
    for (const text of corpus[language]) for (const [gram, count] of trigrams(text)) profiles[language].set(gram, (profiles[language].get(gram) ?? 0) + count);
  }
  return profiles;
}

/** The other language a text of `language` reads as; null when none clearly. `inCorpus`: the text is part of the profiles. */
export function otherLanguageOf(text: string, language: Language, profiles: Record<Language, Profile>, inCorpus = true): Language | null {
  const markers = languageScores(text);
  const others = LANGUAGES.filter((l) => l !== language);
  if (wordsOf(text).length >= MIN_WORDS) {
    const marked = others.find((other) => markers[other] >= markers[language] + MARGIN);
    if (marked) return marked;
  }
  const letters = wordsOf(text).join('').length;
  if (letters < MIN_LETTERS) return null;
  const grams = trigrams(text);
  const own = resemblance(grams, profiles[language], inCorpus ? grams : null);
  const agrees = (other: Language) => markers[other] > markers[language] || (letters >= LONG_LETTERS && markers[other] === markers[language]);
  return others.find((other) => resemblance(grams, profiles[other], null) > own && agrees(other)) ?? null;
}

/**
 * Problems of one namespace's texts, as "locale key: reason" lines (empty when none): a text that reads as
 * another language, and an Italian text equal to the French one where the German has two words or more and differs.
 */
export function languageProblems(texts: Record<Language, Map<string, string>>, profiles: Record<Language, Profile>, inCorpus = true): string[] {
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    for (const [key, text] of texts[language]) {
      const read = otherLanguageOf(text, language, profiles, inCorpus);
      if (read !== null) problems.push(`${language} ${key}: reads as ${read}: ${text}`);
    }
  }
  for (const [key, german] of texts.de) {
    const italian = texts.it.get(key);
    if (wordsOf(german).length >= 2 && italian !== undefined && italian === texts.fr.get(key) && italian.toLowerCase() !== german.toLowerCase()) problems.push(`it/fr ${key}: the same text in both: ${italian}`);
  }
  return problems;
}

type Texts = { [key: string]: unknown };

/** Every string of a (nested) texts object by its dotted key; arrays by index. */
export function flatTexts(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else if (value && typeof value === 'object') for (const [inner, text] of flatTexts(value as Texts, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

const jsonFiles = import.meta.glob<Texts>('../../storefront/platform/i18n/*/*.json', { eager: true, import: 'default' });
const pageModules = import.meta.glob<Record<string, Record<Language, Texts>>>('../../storefront/platform/i18n/pageTexts/*.ts', { eager: true });

/** The shop's texts of each language: every i18n/{de,it,fr}/*.json and every page namespace. */
export function shopTexts(): Record<Language, string[]> {
  const corpus: Record<Language, string[]> = { de: [], it: [], fr: [] };
  for (const [file, texts] of Object.entries(jsonFiles)) {
    const language = /\/i18n\/(de|it|fr)\//.exec(file)?.[1] as Language | undefined;
    if (language) corpus[language].push(...flatTexts(texts).values());
  }
  for (const module of Object.values(pageModules)) {
    for (const exported of Object.values(module)) {
      if (!exported || typeof exported !== 'object' || !('de' in exported)) continue;
      for (const language of LANGUAGES) corpus[language].push(...flatTexts(exported[language] as Texts).values());
    }
  }
  return corpus;
}

let shopProfiles: Record<Language, Profile> | null = null;

/** Problems of one namespace's texts measured against the shop's own texts (see languageProblems). */
export function textLanguageProblems(texts: Record<Language, Texts>): string[] {
  shopProfiles ??= languageProfiles(shopTexts());
  return languageProblems({ de: flatTexts(texts.de), it: flatTexts(texts.it), fr: flatTexts(texts.fr) }, shopProfiles);
}
