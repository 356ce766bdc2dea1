import { openTestGateway, type GqlOptions } from '../support/gateway';

// The content tests' view of the test gateway (tests/support/gateway.ts): data, errors and the Store
// API calls of each operation as "METHOD /route" without the /store-api prefix and query.

export interface ContentResult<T> {
  data?: T;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
  calls: string[];
}

export interface ContentGateway {
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, options?: GqlOptions): Promise<ContentResult<T>>;
  close(): void;
}

export async function openContentGateway(): Promise<ContentGateway> {
  const test = await openTestGateway();
  return {
    async gql<T>(query: string, variables?: Record<string, unknown>, options?: GqlOptions) {
      test.storeCalls.reset();
      const result = await test.gql(query, variables, options);
      const calls = test.storeCalls.list.map((call) => `${call.method} ${call.path.replace(/^\/store-api/, '').replace(/\?.*$/, '')}`);
      return { data: result.body.data as T | undefined, errors: result.body.errors, calls };
    },
    close: () => test.close(),
  };
}
