// Settings that name other sites — third-party scripts, map tiles, CSP origins, the redirect allow-list — accept
// only https, without credentials in the URL; anything else stops the start with a message naming the variable.

/** The value as an absolute https URL with a host and no credentials, or null. */
export function httpsUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && url.hostname && !url.username && !url.password ? url : null;
}

/** A comma-separated list of https origins (a trailing "/" is allowed); unset or empty is none. */
export function readHttpsOrigins(env: NodeJS.ProcessEnv, name: string, example: string): string[] {
  const value = env[name]?.trim();
  if (!value) return [];
  return value.split(',').map((entry) => {
    const text = entry.trim().replace(/\/$/, '');
    const url = httpsUrl(text);
    if (!url || url.origin !== text) throw new Error(`${name} must list https origins separated by commas (e.g. ${example}), got "${entry.trim()}"`);
    return url.origin;
  });
}
