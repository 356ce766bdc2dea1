import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { gatewaySchema } from './schema';

// `npm run schema`: writes schema.graphql at the repository root, which relay-compiler reads and which is
// committed; tests/gateway/schema.test.ts fails when it is stale.

/** The schema as committed: types and fields in lexicographic order, so diffs show only real changes. */
export function printGatewaySchema(): string {
  return `${printSchema(lexicographicSortSchema(gatewaySchema()))}\n`;
}

export const SCHEMA_FILE = new URL('../../schema.graphql', import.meta.url);

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(SCHEMA_FILE, printGatewaySchema());
  console.info(`schema: wrote ${SCHEMA_FILE.pathname}`);
}
