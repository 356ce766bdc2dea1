import { createHash } from 'node:crypto';
import {
  getArgumentValues,
  getOperationAST,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { clientAddressOf, mediaTypeOf, type GatewayContext } from '../context';
import { refusalLocale } from '../http-limits';
import { DEFAULT_LOCALE } from '../languages';
import { rateLimitedMessage } from '../messages';

// The gateway's own rate limits on the mutations worth abusing (issue 8): per client address, counted in the
// shared fixed-window counter (server/sharedState.ts: this process, or Redis so that every instance counts
// into the same window). The embedded Store API has limits of its own, but a real Shopware behind N gateway
// instances sees only the gateways' addresses, so the gateway must count per shopper address itself.
// Every attempt counts, whether it succeeds or not: the counting happens before execution, so nothing tells
// a blocked attempt from an allowed one except the answer. Requests without a known address (in-process
// calls of the server's own code) are not limited, as in the Store API.

/** The fixed-window counter the limits count in (server/sharedState.ts `SharedState.counter`). */
export interface RateLimitCounter {
  /** counts one hit of `key`: the count in the current window and the seconds left of it */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
}

export interface RateLimit {
  /** the mutation fields counted together */
  fields: readonly string[];
  /** attempts allowed per client address in the window */
  max: number;
  windowSeconds: number;
}

/**
 * The limits per client address. Generous for people (a household or an office behind one address), tight
 * for scripts. Registration counts account registrations only: a guest checkout registers too, and 200
 * shoppers behind one address may check out at once (the Store API counts accounts the same way).
 */
export const GATEWAY_RATE_LIMITS = {
  /** 30 logins in 15 minutes (the Store API's per-address limit of failed logins) */
  login: { fields: ['login'], max: 30, windowSeconds: 15 * 60 },
  /** 20 account registrations an hour (the Store API's registrationIpLimit) */
  register: { fields: ['register'], max: 20, windowSeconds: 3600 },
  /** 10 password recovery mails in 15 minutes (the Store API's recoveryIpLimit) */
  passwordRecovery: { fields: ['requestPasswordRecovery'], max: 10, windowSeconds: 15 * 60 },
  /** 10 registration links mailed again in 15 minutes (the Store API's per-address limit) */
  registrationResend: { fields: ['resendRegistrationConfirmation'], max: 10, windowSeconds: 15 * 60 },
  /** 10 newsletter subscriptions an hour */
  newsletter: { fields: ['subscribeNewsletter'], max: 10, windowSeconds: 3600 },
  /** 5 contact-form messages an hour */
  contact: { fields: ['sendContactForm'], max: 5, windowSeconds: 3600 },
  /** 5 contest entries an hour */
  contest: { fields: ['enterContest'], max: 5, windowSeconds: 3600 },
  /** 20 prescription requests (uploads, or home delivery) an hour */
  prescription: { fields: ['requestPrescriptionPickup', 'requestPrescriptionDelivery'], max: 20, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof GATEWAY_RATE_LIMITS;

/** Limits set apart from GATEWAY_RATE_LIMITS (tests: small numbers). */
export type RateLimitOverrides = Partial<Record<RateLimitName, Pick<RateLimit, 'max' | 'windowSeconds'>>>;

/** The refusal: code RATE_LIMITED, the wait in `retryAfter` (seconds), HTTP 429 with Retry-After. */
export function rateLimitedError(message: string, retryAfter: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'RATE_LIMITED', retryAfter, http: { status: 429, headers: { 'retry-after': String(retryAfter) } } },
  });
}

/** The root fields of a mutation, each occurrence (aliases too: `a: login(…) b: login(…)` is two attempts). */
function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...rootFields(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) fields.push(...rootFields(fragment.selectionSet, fragments, seen));
    }
  }
  return fields;
}

/** A guest checkout's `register(input: { guest: true … })` is not an account registration. */
function isGuestRegistration(schema: GraphQLSchema, field: FieldNode, variables: Record<string, unknown> | null | undefined): boolean {
  const definition = schema.getMutationType()?.getFields().register;
  if (!definition) return false;
  try {
    const args = getArgumentValues(definition, field, variables ?? {}) as { input?: { guest?: unknown } };
    return args.input?.guest === true;
  } catch {
    return false; // bad arguments: validation answers them; counted like any attempt
  }
}

/** The limits a mutation's fields fall under, once per occurrence. */
export function limitedFieldsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  limits: Record<RateLimitName, RateLimit>,
): RateLimitName[] {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (operation?.operation !== 'mutation') return [];
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const names: RateLimitName[] = [];
  for (const field of rootFields(operation.selectionSet, fragments)) {
    const name = (Object.keys(limits) as RateLimitName[]).find((limit) => limits[limit].fields.includes(field.name.value));
    if (!name) continue;
    if (name === 'register' && isGuestRegistration(schema, field, variables)) continue;
    names.push(name);
  }
  return names;
}

/** The address never goes into the counter's keys in clear (Redis is not the place for personal data). */
function counterKey(name: RateLimitName, address: string): string {
  return `${name}:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

/**
 * Counts, per client address, the limited mutations of a request before anything runs; over a limit the
 * request is answered with RATE_LIMITED (translated, `retryAfter` seconds) and nothing is executed.
 * A multipart request (an upload: the prescription pickup is the schema's only one) is counted as a prescription
 * request when it arrives, before its body is read or parsed, so a client over the limit cannot make the gateway
 * read and parse megabytes again and again (issue 17); its execution does not count it a second time.
 * `limits` overrides single limits (tests: small numbers).
 */
export function useRateLimits(options: {
  counter: RateLimitCounter;
  limits?: RateLimitOverrides;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
}): Plugin {
  const limits = {} as Record<RateLimitName, RateLimit>;
  for (const name of Object.keys(GATEWAY_RATE_LIMITS) as RateLimitName[]) limits[name] = { ...GATEWAY_RATE_LIMITS[name], ...options.limits?.[name] };
  const logger = options.logger?.child({ component: 'rate-limits' });
  // Uploads already counted when they arrived: their execution takes one prescription attempt off.
  const countedUploads = new WeakSet<Request>();
  return {
    async onRequest({ request, endResponse, fetchAPI }) {
      if (request.method !== 'POST' || mediaTypeOf(request) !== 'multipart/form-data') return;
      const address = clientAddressOf(request, options.env);
      if (!address) return;
      const { max, windowSeconds } = limits.prescription;
      const { count, resetSeconds } = await options.counter.hit(counterKey('prescription', address), windowSeconds);
      countedUploads.add(request);
      if (count <= max) return;
      logger?.warn({ limit: 'prescription', count, max, upload: true }, 'graphql: rate limit reached, upload refused before reading it');
      const error = { message: rateLimitedMessage(refusalLocale(request), resetSeconds), extensions: { code: 'RATE_LIMITED', retryAfter: resetSeconds } };
      endResponse(
        new fetchAPI.Response(JSON.stringify({ errors: [error] }), {
          status: 429,
          headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(resetSeconds), 'cache-control': 'no-store', connection: 'close' },
        }),
      );
    },
    async onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as Partial<GatewayContext> & { request?: Request };
      if (!context.request) return;
      const names = limitedFieldsOf(args.schema, args.document, args.operationName, args.variableValues, limits);
      if (countedUploads.has(context.request)) {
        const counted = names.indexOf('prescription');
        if (counted >= 0) names.splice(counted, 1);
      }
      if (names.length === 0) return;
      const address = clientAddressOf(context.request, options.env);
      if (!address) return;
      let wait = 0;
      for (const name of names) {
        const { count, resetSeconds } = await options.counter.hit(counterKey(name, address), limits[name].windowSeconds);
        if (count > limits[name].max) {
          wait = Math.max(wait, resetSeconds);
          logger?.warn({ limit: name, count, max: limits[name].max, requestId: context.requestId }, 'graphql: rate limit reached, request refused');
        }
      }
      if (wait > 0) setResultAndStopExecution({ errors: [rateLimitedError(rateLimitedMessage(context.locale ?? DEFAULT_LOCALE, wait), wait)] });
    },
  };
}
