import { describe, expect, it } from 'vitest';
import deAccount from '../../storefront/platform/i18n/de/account.json';
import deForms from '../../storefront/platform/i18n/de/forms.json';
import frAccount from '../../storefront/platform/i18n/fr/account.json';
import frForms from '../../storefront/platform/i18n/fr/forms.json';
import itAccount from '../../storefront/platform/i18n/it/account.json';
import itForms from '../../storefront/platform/i18n/it/forms.json';
import { textLanguageProblems } from './text-languages';

// The language check the *-texts tests use (tests/storefront/text-languages.ts) must fail on the defects it is
// there for: a text swapped between it and fr, a German text left in the Italian file, a French text copied into
// the Italian one.

type Texts = { [key: string]: string | Texts };

// The account's field texts and the validation texts every form shares (the form kit's `forms` namespace).
const de: Texts = { ...deAccount, ...deForms };
const it_: Texts = { ...itAccount, ...itForms };
const fr: Texts = { ...frAccount, ...frForms };

/** The texts with one value replaced (dotted key). */
function withText(texts: Texts, key: string, value: string): Texts {
  const copy = structuredClone(texts);
  const parts = key.split('.');
  let node = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Texts;
  node[parts.at(-1)!] = value;
  return copy;
}

const lookup = (texts: Texts, key: string): string => key.split('.').reduce<Texts | string>((node, part) => (node as Texts)[part]!, texts) as string;

describe('the text language check', () => {
  it('passes the shop’s account and form texts as they are', () => {
    expect(textLanguageProblems({ de, it: it_, fr })).toEqual([]);
  });

  it.each(['validation.postalCode', 'validation.minLength', 'fields.passwordHint'])('catches %s swapped between it and fr', (key) => {
    const swapped = { de, it: withText(it_, key, lookup(fr, key)), fr: withText(fr, key, lookup(it_, key)) };
    expect(textLanguageProblems(swapped).join('\n')).toContain(key);
  });

  it('catches a German text left in the Italian file and a French one copied into it', () => {
    const german = { de, it: withText(it_, 'validation.postalCode', lookup(de, 'validation.postalCode')), fr };
    expect(textLanguageProblems(german).join('\n')).toContain('it validation.postalCode: reads as de');
    const copied = { de, it: withText(it_, 'fields.salutationNone', lookup(fr, 'fields.salutationNone')), fr };
    expect(textLanguageProblems(copied).join('\n')).toContain('it/fr fields.salutationNone');
  });
});
