import { getNamedType, isAbstractType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { PRIVATE_ROOT_FIELDS, PRIVATE_TYPES } from './response-cache';

// Which answers of a session the storefront's page cache may share with the other sessions of the same price
// group (ADR 0020). Catalogue data asked with a session differs from the anonymous one only by the prices of
// the session's customer group, currency and country — unless the operation reads something of the visitor:
// their cart, account, orders, insurer status (the response cache's private types and root fields), or one of
// the fields below. Such answers get `x-graphql-scope: visitor`: a page rendered from one is never kept for a
// price group, and a session is not given the anonymous page of it (the poll would not show its vote).

/** Response header of an answer whose operation reads something of the visitor who asks. */
export const SCOPE_HEADER = 'x-graphql-scope';

/**
 * Fields of otherwise shared types that answer for the visitor who asks. A test checks they all exist in the
 * schema, so a rename cannot silently make one shareable.
 */
export const VISITOR_FIELDS = [
  'Poll.voted',
  'Poll.votedOptionId',
  'ShopContext.loggedIn',
  'ShopContext.shippingMethod',
  'ShopContext.paymentMethod',
] as const;

const privateTypes = new Set<string>(PRIVATE_TYPES);
const visitorCoordinates = new Set<string>([...PRIVATE_ROOT_FIELDS, ...VISITOR_FIELDS]);

/** Whether a type, or any type an interface or union of it may be, is one shopper's. */
function holdsPrivateType(schema: GraphQLSchema, type: GraphQLNamedType): boolean {
  if (privateTypes.has(type.name)) return true;
  return isAbstractType(type) && schema.getPossibleTypes(type).some((possible) => privateTypes.has(possible.name));
}

/**
 * Whether every answer of the document is the same for all sessions of one price group: no mutation, no
 * subscription, no private type, root field or visitor field anywhere in it (fragments included).
 */
export function isSharedByPriceGroup(schema: GraphQLSchema, document: DocumentNode): boolean {
  let shared = true;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        if (node.operation !== 'query') shared = false;
      },
      Field(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field) {
          // A field the schema does not know cannot be judged: not shared (validation refuses it anyway).
          if (node.name.value !== '__typename') shared = false;
          return;
        }
        if (visitorCoordinates.has(`${parent.name}.${field.name}`) || holdsPrivateType(schema, getNamedType(field.type))) shared = false;
      },
    }),
  );
  return shared && document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION);
}

/**
 * Marks the answers whose operation is not shared by price group (`x-graphql-scope: visitor`). It is a mark
 * of the operation, so an anonymous answer carries it too: it tells the server that a session must not be
 * given the anonymous page made from it. The mark travels in the answer's `extensions.http.headers` (yoga
 * turns them into response headers), so an answer the response cache keeps and gives again carries it as well.
 */
export function useAnswerScope(): Plugin {
  // yoga hands the same parsed document for the same text (its parser cache): judged once per document.
  const judged = new WeakMap<DocumentNode, boolean>();
  return {
    onExecute({ args }) {
      let shared = judged.get(args.document);
      if (shared === undefined) {
        shared = isSharedByPriceGroup(args.schema, args.document);
        judged.set(args.document, shared);
      }
      if (shared) return;
      return {
        onExecuteDone({ result, setResult }) {
          if (isAsyncIterable(result)) return;
          const http = (result.extensions?.http ?? {}) as { headers?: Record<string, string> };
          setResult({ ...result, extensions: { ...result.extensions, http: { ...http, headers: { ...http.headers, [SCOPE_HEADER]: 'visitor' } } } });
        },
      };
    },
  };
}
