import { contentPageOf } from '../platform/i18n/contentPages';
import { splitLocalePath } from '../platform/i18n/locales';
import type { ConsentCategory, ConsentChoice } from './consent';
import { httpsUrl } from './httpsSettings';

// The app shell's third-party scripts (SPEC §2 "Navigation behaviour": a tracking script, a maps script, a
// push-notification script and an analytics tag; "Link building": the loyalty widget, skipped on contest routes).
// All are off unless their URL is configured, and only https URLs are accepted (anything else stops the start).
// This module is the ONE place the shell writes <script> tags for them (storefront/+headHtmlEnd.ts calls it), so a
// CSP nonce (issue 8) is added here: `thirdPartyScriptTags(…, { nonce })`. Each is optional under the revised FADP
// and loads only once the shopper granted its category (ADR 0029): the server writes the tags per response
// (server/consent.ts), after the page cache, from the consent cookie.

export const THIRD_PARTY_SCRIPTS = ['tracking', 'maps', 'push', 'analytics', 'loyaltyWidget'] as const;
export type ThirdPartyScript = (typeof THIRD_PARTY_SCRIPTS)[number];

/** The environment variable that turns each script on. */
export const THIRD_PARTY_SCRIPT_ENV: Record<ThirdPartyScript, string> = {
  tracking: 'TRACKING_SCRIPT_URL',
  maps: 'MAPS_SCRIPT_URL',
  push: 'PUSH_SCRIPT_URL',
  analytics: 'ANALYTICS_TAG_URL',
  loyaltyWidget: 'LOYALTY_WIDGET_URL',
};

/** The consent each script needs (storefront/shell/consent.ts). */
export const THIRD_PARTY_SCRIPT_CONSENT: Record<ThirdPartyScript, ConsentCategory> = {
  tracking: 'marketing',
  maps: 'externalMedia',
  push: 'marketing',
  analytics: 'statistics',
  loyaltyWidget: 'marketing',
};

/** Each script's URL, or null when it is off. */
export type ThirdPartyScriptsConfig = Record<ThirdPartyScript, string | null>;

/** Every script off (the default). */
export const NO_THIRD_PARTY_SCRIPTS: ThirdPartyScriptsConfig = { tracking: null, maps: null, push: null, analytics: null, loyaltyWidget: null };

/**
 * The configured scripts: an unset or empty variable leaves its script off; a value that is not an absolute https
 * URL (no credentials) throws with a message naming the variable, so the server does not start with it.
 */
export function readThirdPartyScripts(env: NodeJS.ProcessEnv = process.env): ThirdPartyScriptsConfig {
  const config: ThirdPartyScriptsConfig = { ...NO_THIRD_PARTY_SCRIPTS };
  for (const script of THIRD_PARTY_SCRIPTS) {
    const name = THIRD_PARTY_SCRIPT_ENV[script];
    const value = env[name]?.trim();
    if (!value) continue;
    const url = httpsUrl(value);
    if (!url) {
      throw new Error(`${name} must be an https:// URL of the script (e.g. https://cdn.example.ch/script.js), got "${value}"; leave it unset to turn the script off`);
    }
    config[script] = url.href;
  }
  return config;
}

/** Whether a path (as the shopper sees it, with its language prefix) is a contest route (/wettbewerb, /it/concorso, /fr/concours). */
export function isContestPath(pathname: string): boolean {
  const { locale, logicalPath } = splitLocalePath(pathname.replace(/\/+$/, '') || '/');
  return contentPageOf(logicalPath, locale) === 'contest';
}

/**
 * The scripts a page gets, in a fixed order: every configured one the shopper consented to (none before a choice),
 * except the loyalty widget on contest routes.
 */
export function thirdPartyScriptsFor(config: ThirdPartyScriptsConfig, pathname: string, consent: ConsentChoice): { script: ThirdPartyScript; src: string }[] {
  const contest = isContestPath(pathname);
  return THIRD_PARTY_SCRIPTS.flatMap((script) => {
    const src = config[script];
    if (!src || (script === 'loyaltyWidget' && contest) || !consent?.has(THIRD_PARTY_SCRIPT_CONSENT[script])) return [];
    return [{ script, src }];
  });
}

export function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <script async src=…> tags for the page's head (empty when none is configured). */
export function thirdPartyScriptTags(config: ThirdPartyScriptsConfig | undefined, pathname: string, consent: ConsentChoice, options: { nonce?: string } = {}): string {
  if (!config) return '';
  const nonce = options.nonce ? ` nonce="${attribute(options.nonce)}"` : '';
  return thirdPartyScriptsFor(config, pathname, consent)
    .map(({ script, src }) => `<script async src="${attribute(src)}" data-third-party="${script}"${nonce}></script>`)
    .join('');
}
