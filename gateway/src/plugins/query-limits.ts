import { createComplexityRule } from '@pothos/plugin-complexity';
import { GraphQLError, Kind, validate, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** The most a single GraphQL operation may ask for; all are checked before anything runs. */
export interface QueryLimits {
  /** nesting of selections (a product page with CMS slots and thumbnails needs about 10) */
  depth: number;
  /** Pothos complexity: 1 per field, list fields multiplied by their size argument */
  complexity: number;
  /** aliased fields per operation, fragments counted where spread: aliases multiply work cheaply */
  aliases: number;
}

// Measured: the bench's product page costs about 1,200 and a 24-product listing about 800; a page query
// composing navigation, CMS slots and a listing stays well under 10,000.
export const DEFAULT_QUERY_LIMITS: QueryLimits = { depth: 15, complexity: 10_000, aliases: 30 };

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

/** GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COMPLEXITY, GRAPHQL_MAX_ALIASES override the defaults. */
export function readQueryLimits(env: NodeJS.ProcessEnv): QueryLimits {
  return {
    depth: positive(env.GRAPHQL_MAX_DEPTH, DEFAULT_QUERY_LIMITS.depth, 'GRAPHQL_MAX_DEPTH'),
    complexity: positive(env.GRAPHQL_MAX_COMPLEXITY, DEFAULT_QUERY_LIMITS.complexity, 'GRAPHQL_MAX_COMPLEXITY'),
    aliases: positive(env.GRAPHQL_MAX_ALIASES, DEFAULT_QUERY_LIMITS.aliases, 'GRAPHQL_MAX_ALIASES'),
  };
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

/** Limit verdicts kept per document, by variables: a page query is asked again and again with few sets. */
const VERDICTS_PER_DOCUMENT = 64;

/**
 * Depth, cost and alias limits as validation rules, so an over-limit query is refused with a clear message
 * before the context is built or any Store API call is made. Complexity depends on variables (list sizes),
 * so the verdict is kept per document AND variables; the standard rules' verdict per document (yoga's own
 * validation cache is off because it keys by document alone).
 * Introspection is free for Pothos' costing; graphql's own MaxIntrospectionDepthRule (a standard rule)
 * already refuses endlessly nested `__type { fields { type { fields … } } }`.
 */
export function useQueryLimits(limits: QueryLimits): Plugin {
  const standardVerdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const limitVerdicts = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  return {
    onValidate({ context, setValidationFn, validateFn }) {
      const request = context as { params?: { variables?: Record<string, unknown> | null; operationName?: string | null } };
      const variableValues = request.params?.variables ?? {};
      const operationName = request.params?.operationName ?? undefined;
      setValidationFn((schema, document, rules, typeInfo, options) => {
        const verdict: readonly GraphQLError[] = standardVerdicts.get(document) ?? validateFn(schema, document, rules, typeInfo, options) ?? [];
        standardVerdicts.set(document, verdict);
        if (verdict.length > 0) return verdict;
        let byVariables = limitVerdicts.get(document);
        if (!byVariables) {
          byVariables = new Map();
          limitVerdicts.set(document, byVariables);
        }
        const key = `${operationName ?? ''}\u0000${JSON.stringify(variableValues)}`;
        const known = byVariables.get(key);
        if (known) return known;
        if (byVariables.size >= VERDICTS_PER_DOCUMENT) byVariables.clear();
        const limited = validate(schema, document, [
          aliasLimitRule(limits.aliases),
          // Complexity callbacks see no GatewayContext here: it is built only for queries that pass.
          createComplexityRule({ context: {}, variableValues, operationName, maxDepth: limits.depth, maxComplexity: limits.complexity }),
        ]);
        byVariables.set(key, limited);
        return limited;
      });
    },
  };
}
