import { createComplexityRule } from '@pothos/plugin-complexity';
import {
  GraphQLError,
  Kind,
  Lexer,
  NoSchemaIntrospectionCustomRule,
  Source,
  TokenKind,
  getNamedType,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Registry } from 'prom-client';
import { countRefusal, persistedMatchOf, type RefusalReason } from './persisted-only';

/** The most a single GraphQL operation may ask for; all are checked before anything runs. */
export interface QueryLimits {
  /** nesting of selections (Pothos' count: `{ a { b } }` is 2) */
  depth: number;
  /** Pothos complexity: 1 per field, list fields multiplied by their size argument (10 without one) */
  complexity: number;
  /** aliased fields per operation, fragments counted where spread: aliases multiply work cheaply */
  aliases: number;
  /** lexical tokens of the document (graphql's `maxTokens`); unset: not limited */
  tokens?: number;
}

/**
 * Development and tests (NODE_ENV other than production): the limits of issue 3, no token limit.
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = { depth: 15, complexity: 10_000, aliases: 30 };

/**
 * Production, for arbitrary operations (other channels, GraphiQL, scripts): issue 8's depth 8, 15 aliases,
 * 1,000 tokens, and a cost budget of 2,500. Measured with Pothos' costing (npm run schema's schema, the
 * storefront's persisted_queries.json, required variables filled, list sizes as sent): every storefront
 * page query except the CMS route page costs at most 1,978 (search page; listing pages 223–483, account
 * 1,580, bestseller 1,576, brand 1,477, content pages 842–1,265, mutations ≤ 510), the bench's product-page
 * query about 1,200 and its 24-product listing about 800. So 2,500 lets another channel ask anything a
 * storefront page other than the CMS route page asks, and a 100-product listing of names, prices and
 * images, but not a CMS page tree or a navigation tree five levels deep.
 */
export const PRODUCTION_QUERY_LIMITS: QueryLimits = { depth: 8, complexity: 2_500, aliases: 15, tokens: 1_000 };

/**
 * The storefront's own operations (persisted by relay-compiler, marked by server/persistedOperations.ts):
 * trusted, since their shape is fixed at build time, they keep issue 3's depth 15 and 30 aliases, and their
 * cost and tokens are not limited. Measured over persisted_queries.json: depth ≤ 12, aliases ≤ 20,
 * tokens ≤ 1,154, cost ≤ 94,330 (RoutePageQuery of a CMS product page; 18,000–35,000 for CMS category
 * pages). Their list arguments are still held to MAX_LIST_SIZE (variables come from the client).
 */
export const TRUSTED_QUERY_LIMITS: Pick<QueryLimits, 'depth' | 'aliases'> = { depth: 15, aliases: 30 };

/** SPEC §9 / issue 8: `first`, `last` and `limit` arguments of any field ask for at most 100 items. */
export const MAX_LIST_SIZE = 100;
const LIST_SIZE_ARGUMENTS = new Set(['first', 'last', 'limit']);

/** Tokens counted past the limit before counting stops (so the message can name a measured value). */
const TOKEN_COUNT_CAP = 10;

/** The defaults by mode: production's for arbitrary operations, issue 3's elsewhere. */
export function defaultQueryLimits(production: boolean): QueryLimits {
  return production ? PRODUCTION_QUERY_LIMITS : DEFAULT_QUERY_LIMITS;
}

function positive(value: string | undefined, fallback: number, name: string): number;
function positive(value: string | undefined, fallback: number | undefined, name: string): number | undefined;
function positive(value: string | undefined, fallback: number | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

/**
 * The limits for arbitrary operations: the defaults of the mode (NODE_ENV=production or not), each
 * overridden by GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COMPLEXITY, GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_TOKENS.
 */
export function readQueryLimits(env: NodeJS.ProcessEnv): QueryLimits {
  const defaults = defaultQueryLimits(env.NODE_ENV === 'production');
  const tokens = positive(env.GRAPHQL_MAX_TOKENS, defaults.tokens, 'GRAPHQL_MAX_TOKENS');
  return {
    depth: positive(env.GRAPHQL_MAX_DEPTH, defaults.depth, 'GRAPHQL_MAX_DEPTH'),
    complexity: positive(env.GRAPHQL_MAX_COMPLEXITY, defaults.complexity, 'GRAPHQL_MAX_COMPLEXITY'),
    aliases: positive(env.GRAPHQL_MAX_ALIASES, defaults.aliases, 'GRAPHQL_MAX_ALIASES'),
    ...(tokens === undefined ? {} : { tokens }),
  };
}

/** Tokens of a document as graphql's parser counts them (comments and the end excluded), up to `cap`. */
export function countTokens(source: string, cap: number): number {
  const lexer = new Lexer(new Source(source));
  let count = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF && count < cap; token = lexer.advance()) count += 1;
  return count;
}

function countAliases(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) count += 1;
      if (selection.selectionSet) count += countAliases(selection.selectionSet, fragments, seen);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countAliases(selection.selectionSet, fragments, seen);
    } else {
      const fragment = fragments.get(selection.name.value);
      // Standard validation already refused fragment cycles; `seen` only guards this walk.
      if (fragment && !seen.has(fragment.name.value)) {
        seen.add(fragment.name.value);
        count += countAliases(fragment.selectionSet, fragments, seen);
        seen.delete(fragment.name.value);
      }
    }
  }
  return count;
}

function aliasLimitRule(max: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(node) {
        const aliases = countAliases(node.selectionSet, fragments, new Set());
        if (aliases > max) {
          context.reportError(
            new GraphQLError(`Query uses ${aliases} aliases, more than the limit of ${max}.`, {
              nodes: [node],
              extensions: { code: 'QUERY_ALIASES', queryAliases: { max, actual: aliases } },
            }),
          );
        }
      },
    };
  };
}

/**
 * `first`, `last` and `limit` (Int arguments of any field, as literals or variables) at most MAX_LIST_SIZE:
 * a bad argument, refused during validation so no resolver runs and no Store API call is made.
 */
function listSizeRule(variableValues: Record<string, unknown>): ValidationRule {
  return (context) => ({
    Argument(node) {
      if (!LIST_SIZE_ARGUMENTS.has(node.name.value)) return;
      const argument = context.getArgument();
      if (!argument || getNamedType(argument.type).name !== 'Int') return;
      let value: unknown;
      if (node.value.kind === Kind.INT) value = Number(node.value.value);
      else if (node.value.kind === Kind.VARIABLE) value = variableValues[node.value.name.value];
      if (typeof value !== 'number' || value <= MAX_LIST_SIZE) return;
      const field = context.getParentType() && context.getFieldDef() ? `${context.getParentType()!.name}.${context.getFieldDef()!.name}` : 'the field';
      context.reportError(
        new GraphQLError(`${node.name.value} of ${field} asks for ${value} items, more than the limit of ${MAX_LIST_SIZE}.`, {
          nodes: [node],
          extensions: { code: 'BAD_USER_INPUT', argument: node.name.value, listSize: { max: MAX_LIST_SIZE, actual: value } },
        }),
      );
    },
  });
}

/** graphql's suggestions (" Did you mean …?") in a message, which would spell out the hidden schema. */
const SUGGESTION = /\s*Did you mean [^?]*\?\s*$/;

function withoutSuggestion(error: GraphQLError): GraphQLError {
  if (!SUGGESTION.test(error.message)) return error;
  return new GraphQLError(error.message.replace(SUGGESTION, ''), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

const REASON_BY_CODE: Record<string, RefusalReason> = {
  QUERY_DEPTH: 'depth',
  QUERY_COMPLEXITY: 'complexity',
  QUERY_ALIASES: 'aliases',
};

function reasonOf(error: GraphQLError): RefusalReason | undefined {
  const code = error.extensions?.code;
  if (typeof code === 'string' && REASON_BY_CODE[code]) return REASON_BY_CODE[code];
  if (error.extensions?.listSize) return 'list_size';
  if (/introspection/i.test(error.message)) return 'introspection';
  return undefined;
}

export interface QueryLimitOptions {
  /**
   * The schema may be explored: introspection and graphql's field suggestions ("Did you mean …") on. The
   * gateway passes `config.graphiql` (always in development; in production only with GRAPHIQL=true).
   */
  exposeSchema?: boolean;
  /** the gateway's metrics registry, for graphql_refused_operations_total */
  registry?: Registry;
}

/** Limit verdicts kept per document, by variables: a page query is asked again and again with few sets. */
const VERDICTS_PER_DOCUMENT = 64;

/**
 * Token, depth, cost, alias and list-size limits, checked before the context is built or any Store API call
 * is made, each refusal naming the limit and the measured value:
 * - tokens while parsing (counted with graphql's lexer, then graphql's `maxTokens` as a second guard):
 *   QUERY_TOKENS, HTTP 400;
 * - depth and cost (Pothos complexity rule: QUERY_DEPTH, QUERY_COMPLEXITY), aliases (QUERY_ALIASES) and
 *   list sizes (BAD_USER_INPUT) as validation rules.
 * `limits` are those of arbitrary operations; operations the allow-list marked as the storefront's own
 * (persisted-only.ts) get TRUSTED_QUERY_LIMITS. Complexity and list sizes depend on variables, so verdicts
 * are kept per document AND variables; the standard rules' verdict per document (yoga's own validation
 * cache is off because it keys by document alone).
 * Without `exposeSchema`, introspection (`__schema`, `__type`) is refused and suggestions are removed from
 * every validation and execution error. Introspection is free for Pothos' costing; graphql's own
 * MaxIntrospectionDepthRule (a standard rule) refuses endlessly nested `__type { fields { type … } } }`.
 */
export function useQueryLimits(limits: QueryLimits, options: QueryLimitOptions = {}): Plugin {
  const exposeSchema = options.exposeSchema ?? true;
  const standardVerdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const limitVerdicts = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  const trustedVerdicts = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  const requestOf = (context: unknown): Request | undefined => (context as { request?: Request }).request;
  const standardVerdict = (errors: readonly GraphQLError[]): readonly GraphQLError[] => (exposeSchema ? errors : errors.map(withoutSuggestion));
  const count = (errors: readonly GraphQLError[]): void => {
    const reasons = new Set<RefusalReason>();
    for (const error of errors) {
      const reason = reasonOf(error);
      if (reason) reasons.add(reason);
    }
    for (const reason of reasons) countRefusal(options.registry, reason);
  };
  return {
    onParse({ context, setParseFn }) {
      const max = limits.tokens;
      if (max === undefined || persistedMatchOf(requestOf(context))) return;
      setParseFn((source, parseOptions) => {
        const text = typeof source === 'string' ? source : source.body;
        const tokens = countTokens(text, max * TOKEN_COUNT_CAP);
        if (tokens > max) {
          countRefusal(options.registry, 'tokens');
          const measured = tokens >= max * TOKEN_COUNT_CAP ? `at least ${tokens}` : String(tokens);
          throw new GraphQLError(`Query has ${measured} tokens, more than the limit of ${max}.`, {
            extensions: { code: 'QUERY_TOKENS', queryTokens: { max, actual: tokens }, http: { status: 400 } },
          });
        }
        return parse(source, { ...parseOptions, maxTokens: max });
      });
    },
    onValidate({ context, setValidationFn, validateFn }) {
      const request = context as { params?: { variables?: Record<string, unknown> | null; operationName?: string | null } };
      const variableValues = request.params?.variables ?? {};
      const operationName = request.params?.operationName ?? undefined;
      const trusted = persistedMatchOf(requestOf(context)) !== undefined;
      setValidationFn((schema, document, rules, typeInfo, validationOptions) => {
        const verdict: readonly GraphQLError[] = standardVerdicts.get(document) ?? standardVerdict(validateFn(schema, document, rules, typeInfo, validationOptions) ?? []);
        standardVerdicts.set(document, verdict);
        if (verdict.length > 0) return verdict;
        const verdicts = trusted ? trustedVerdicts : limitVerdicts;
        let byVariables = verdicts.get(document);
        if (!byVariables) {
          byVariables = new Map();
          verdicts.set(document, byVariables);
        }
        const key = `${operationName ?? ''}\u0000${JSON.stringify(variableValues)}`;
        const known = byVariables.get(key);
        if (known) {
          count(known);
          return known;
        }
        if (byVariables.size >= VERDICTS_PER_DOCUMENT) byVariables.clear();
        const limitRules: ValidationRule[] = [listSizeRule(variableValues)];
        if (!exposeSchema) limitRules.push(NoSchemaIntrospectionCustomRule);
        if (trusted) {
          limitRules.push(aliasLimitRule(TRUSTED_QUERY_LIMITS.aliases));
          limitRules.push(createComplexityRule({ context: {}, variableValues, operationName, maxDepth: TRUSTED_QUERY_LIMITS.depth }));
        } else {
          limitRules.push(aliasLimitRule(limits.aliases));
          // Complexity callbacks see no GatewayContext here: it is built only for queries that pass.
          limitRules.push(createComplexityRule({ context: {}, variableValues, operationName, maxDepth: limits.depth, maxComplexity: limits.complexity }));
        }
        const limited = validate(schema, document, limitRules).map((error) => (exposeSchema ? error : withoutSuggestion(error)));
        byVariables.set(key, limited);
        count(limited);
        return limited;
      });
    },
    onExecute() {
      if (exposeSchema) return undefined;
      return {
        // Variable values are coerced at execution ("Value "de" does not exist in "Locale" enum. Did you mean …").
        onExecuteDone({ result, setResult }) {
          if (!('errors' in result) || !result.errors?.length) return;
          if (!result.errors.some((error) => SUGGESTION.test(error.message))) return;
          setResult({ ...result, errors: result.errors.map(withoutSuggestion) });
        },
      };
    },
  };
}
