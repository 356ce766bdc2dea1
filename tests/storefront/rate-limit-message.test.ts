import { commitMutation, Environment, Network, RecordSource, Store, type GraphQLResponse } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { rateLimitMessageOf } from '../../storefront/platform/relay/useShopMutation';
import ContactFormMutation from '../../storefront/features/content/__generated__/ContactFormMutation.graphql';

// A form whose mutation the gateway refuses as too frequent (RATE_LIMITED, HTTP 429) shows the gateway's translated
// message as a notification: useShopMutation finds it in what Relay hands over, which is checked here with a real
// Relay environment answered exactly as the gateway answers (tests/gateway/rate-limits.test.ts).

const refusal = {
  data: null,
  errors: [
    {
      message: 'Zu viele Versuche. Bitte versuchen Sie es in 60 Min. wieder.',
      extensions: { code: 'RATE_LIMITED', retryAfter: 3600 },
    },
  ],
} as unknown as GraphQLResponse;

function sendContactForm(answer: GraphQLResponse): Promise<{ error?: unknown; errors?: unknown }> {
  const environment = new Environment({ network: Network.create(async () => answer), store: new Store(new RecordSource()) });
  return new Promise((resolve) => {
    commitMutation(environment, {
      mutation: ContactFormMutation,
      variables: { input: { salutationId: null, firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', phone: null, subject: 'Frage', comment: 'Hallo' } } as never,
      onCompleted: (_response, errors) => resolve({ errors }),
      onError: (error) => resolve({ error }),
    });
  });
}

describe('the rate-limit message of a refused mutation', () => {
  it('is read from the error Relay raises for the refusal', async () => {
    const { error, errors } = await sendContactForm(refusal);
    expect(rateLimitMessageOf((errors ?? null) as never, error)).toBe('Zu viele Versuche. Bitte versuchen Sie es in 60 Min. wieder.');
  });

  it('is null for other failures, so the form keeps its generic message alone', async () => {
    const { error, errors } = await sendContactForm({ data: null, errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL' } }] } as unknown as GraphQLResponse);
    expect(rateLimitMessageOf((errors ?? null) as never, error)).toBeNull();
    expect(rateLimitMessageOf(null, new Error('network'))).toBeNull();
  });
});
