import { describe, expect, it } from 'vitest';
import { CONSENT_CATEGORIES } from '../../storefront/shell/consent';
import { isContestPath, NO_THIRD_PARTY_SCRIPTS, readThirdPartyScripts, thirdPartyScriptsFor, thirdPartyScriptTags } from '../../storefront/shell/thirdPartyScripts';

// The shell's third-party scripts (SPEC §2): off by default, https URLs only (anything else stops the start), and no
// loyalty widget on the contest page in any language.

const ALL = {
  TRACKING_SCRIPT_URL: 'https://track.example.ch/t.js',
  MAPS_SCRIPT_URL: 'https://maps.example.ch/api.js?key=abc',
  PUSH_SCRIPT_URL: 'https://push.example.ch/sdk.js',
  ANALYTICS_TAG_URL: 'https://analytics.example.ch/tag.js',
  LOYALTY_WIDGET_URL: 'https://loyalty.example.ch/widget.js',
};

/** A shopper who accepted every optional service. */
const ALL_GRANTED = new Set(CONSENT_CATEGORIES);

describe('third-party scripts', () => {
  it('are all off by default', () => {
    expect(readThirdPartyScripts({})).toEqual(NO_THIRD_PARTY_SCRIPTS);
    expect(readThirdPartyScripts({ TRACKING_SCRIPT_URL: '  ' })).toEqual(NO_THIRD_PARTY_SCRIPTS);
    expect(thirdPartyScriptTags(readThirdPartyScripts({}), '/', ALL_GRANTED)).toBe('');
  });

  it('accept https URLs only, refusing anything else with a clear message', () => {
    expect(readThirdPartyScripts({ MAPS_SCRIPT_URL: ALL.MAPS_SCRIPT_URL }).maps).toBe('https://maps.example.ch/api.js?key=abc');
    for (const bad of ['http://track.example.ch/t.js', '//track.example.ch/t.js', 'javascript:alert(1)', 'track.js', 'https://user:pw@track.example.ch/t.js']) {
      expect(() => readThirdPartyScripts({ TRACKING_SCRIPT_URL: bad })).toThrow(/^TRACKING_SCRIPT_URL must be an https:\/\/ URL/);
    }
    expect(() => readThirdPartyScripts({ LOYALTY_WIDGET_URL: 'ftp://x.example/w.js' })).toThrow(/LOYALTY_WIDGET_URL/);
  });

  it('render as async script tags in a fixed order, escaped, with room for a nonce', () => {
    const config = readThirdPartyScripts(ALL);
    const html = thirdPartyScriptTags(config, '/it/marche', ALL_GRANTED);
    expect(html.match(/<script async src="[^"]+"/g)).toEqual([
      '<script async src="https://track.example.ch/t.js"',
      '<script async src="https://maps.example.ch/api.js?key=abc"',
      '<script async src="https://push.example.ch/sdk.js"',
      '<script async src="https://analytics.example.ch/tag.js"',
      '<script async src="https://loyalty.example.ch/widget.js"',
    ]);
    expect(thirdPartyScriptTags(readThirdPartyScripts({ TRACKING_SCRIPT_URL: 'https://t.example.ch/a.js?x="><b>' }), '/', ALL_GRANTED)).toContain('src="https://t.example.ch/a.js?x=%22%3E%3Cb%3E"');
    expect(thirdPartyScriptTags(config, '/', ALL_GRANTED, { nonce: 'abc123' })).toContain('nonce="abc123"');
  });

  it('leave the loyalty widget out on the contest page in every language, and only there', () => {
    const config = readThirdPartyScripts(ALL);
    for (const path of ['/wettbewerb', '/it/concorso', '/fr/concours', '/fr/concours/']) {
      expect(isContestPath(path)).toBe(true);
      const scripts = thirdPartyScriptsFor(config, path, ALL_GRANTED).map((s) => s.script);
      expect(scripts).toEqual(['tracking', 'maps', 'push', 'analytics']);
    }
    for (const path of ['/', '/marken', '/it/concorso-x', '/concorso', '/fr/wettbewerb', '/p/aspirin']) {
      expect(isContestPath(path)).toBe(false);
      expect(thirdPartyScriptsFor(config, path, ALL_GRANTED).map((s) => s.script)).toContain('loyaltyWidget');
    }
  });

  it('load nothing before the shopper chose, and only the categories granted after (revised FADP)', () => {
    const config = readThirdPartyScripts(ALL);
    expect(thirdPartyScriptTags(config, '/', null)).toBe('');
    expect(thirdPartyScriptTags(config, '/', new Set())).toBe('');
    expect(thirdPartyScriptsFor(config, '/', new Set(['statistics'])).map((s) => s.script)).toEqual(['analytics']);
    expect(thirdPartyScriptsFor(config, '/', new Set(['marketing'])).map((s) => s.script)).toEqual(['tracking', 'push', 'loyaltyWidget']);
    expect(thirdPartyScriptsFor(config, '/', new Set(['externalMedia'])).map((s) => s.script)).toEqual(['maps']);
  });
});
