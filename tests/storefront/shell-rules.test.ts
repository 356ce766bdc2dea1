import { describe, expect, it } from 'vitest';
import { linkState } from '../../storefront/shell/navigationActive';
import { checkEmail } from '../../storefront/forms/fieldRules';

describe('the active menu link (SPEC §2: active link in the brand colour)', () => {
  it('marks the page itself and the section above it', () => {
    expect(linkState('/fr/vitamines-et-mineraux', '/fr/vitamines-et-mineraux')).toBe('page');
    expect(linkState('/fr/vitamines-et-mineraux', '/fr/vitamines-et-mineraux/vitamine-d')).toBe('section');
    expect(linkState('/vitamine-mineralstoffe/', '/vitamine-mineralstoffe?order=price-asc')).toBe('page');
  });

  it('does not mark a sibling that merely starts with the same letters', () => {
    expect(linkState('/sport', '/sportnahrung')).toBeUndefined();
  });

  it('marks home only on home, in each language', () => {
    expect(linkState('/', '/')).toBe('page');
    expect(linkState('/', '/sport')).toBeUndefined();
    expect(linkState('/fr', '/fr/sport')).toBeUndefined();
  });

  it('compares encoded and plain paths alike, and ignores links without a shop path', () => {
    expect(linkState('/b%C3%A9b%C3%A9', '/bébé/soins')).toBe('section');
    expect(linkState(null, '/x')).toBeUndefined();
    expect(linkState('https://example.org/x', '/x')).toBeUndefined();
  });
});

describe('the newsletter email (SPEC §5: required, valid email)', () => {
  it('requires a value', () => {
    expect(checkEmail('')).toBe('required');
    expect(checkEmail('   ')).toBe('required');
  });

  it('rejects what is not an address', () => {
    for (const bad of ['anna', 'anna@', '@example.ch', 'anna@example', 'anna meier@example.ch', 'anna@@example.ch', 'anna@example.']) {
      expect(checkEmail(bad), bad).toBe('email');
    }
  });

  it('accepts ordinary addresses, with spaces around', () => {
    for (const good of ['anna@example.ch', ' a.meier+news@mail.example.co.uk ', 'léa@exemple.ch']) {
      expect(checkEmail(good), good).toBeUndefined();
    }
  });
});
