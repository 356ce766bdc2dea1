import { join, resolve } from 'node:path';

/** The embedded sales channel's access key unless STORE_API_ACCESS_KEY says otherwise. */
export const DEFAULT_ACCESS_KEY = 'SWSCPHARMACYCH0000000000001';

export interface StoreApiConfig {
  dataDir: string;
  databaseFile: string;
  mediaDir: string;
  accessKey: string;
  /** Criteria `limit` above this is refused with 400, as Shopware does for its configured max. */
  maxLimit: number;
}

export function readStoreApiConfig(env: NodeJS.ProcessEnv = process.env): StoreApiConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    dataDir,
    databaseFile: join(dataDir, 'shop.sqlite'),
    mediaDir: dataDir,
    accessKey: env.STORE_API_ACCESS_KEY || DEFAULT_ACCESS_KEY,
    maxLimit: 500,
  };
}
