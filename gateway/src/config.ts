// The gateway's configuration, read once at start. A bad configuration stops the start with a clear
// message (SPEC §8: a missing store endpoint or access token is a setup error).

export interface GatewayConfig {
  /** Absolute Store API base URL ending in /store-api, or null for the embedded one in this process. */
  storeApiUrl: string | null;
  accessKey: string;
  /** SPEC §9: request timeout 10000 ms. Tests set it small. */
  timeoutMs: number;
  graphiql: boolean;
  production: boolean;
}

export class GatewaySetupError extends Error {
  override name = 'GatewaySetupError';
}

export function readGatewayConfig(env: NodeJS.ProcessEnv, embeddedAccessKey?: string): GatewayConfig {
  const production = env.NODE_ENV === 'production';
  const rawUrl = env.STORE_API_URL?.trim();
  let storeApiUrl: string | null = null;
  if (rawUrl) {
    let parsed: URL;
    try {
      parsed = new URL(rawUrl);
    } catch {
      throw new GatewaySetupError(`STORE_API_URL is not a valid URL: "${rawUrl}". Example: https://shop.example/store-api`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new GatewaySetupError(`STORE_API_URL must be an http(s) URL, got "${rawUrl}".`);
    }
    storeApiUrl = parsed.toString().replace(/\/+$/, '');
  }
  const accessKey = env.STORE_API_ACCESS_KEY?.trim() || (storeApiUrl ? '' : (embeddedAccessKey ?? ''));
  if (!accessKey) {
    throw new GatewaySetupError(
      storeApiUrl
        ? `STORE_API_ACCESS_KEY is missing: the Store API at ${storeApiUrl} needs its sales channel's access key (sw-access-key).`
        : 'The Store API access key is missing: set STORE_API_ACCESS_KEY.',
    );
  }
  const timeoutMs = Number(env.STORE_API_TIMEOUT_MS ?? 10_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new GatewaySetupError(`STORE_API_TIMEOUT_MS must be a positive number of milliseconds, got "${env.STORE_API_TIMEOUT_MS}".`);
  }
  return {
    storeApiUrl,
    accessKey,
    timeoutMs,
    graphiql: !production || env.GRAPHIQL === 'true',
    production,
  };
}
