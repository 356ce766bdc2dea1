import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

// Validates Store API responses against the OpenAPI schema shipped in @shopware/api-client
// (the one the official client's types are generated from), with its overrides file applied the way
// Shopware's api-gen applies it, plus the runtime deviations listed in ENDPOINTS.md §6 — and nothing else.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const API_TYPES = fileURLToPath(new URL('../../node_modules/@shopware/api-client/api-types/', import.meta.url));
const SCHEMA_ID = 'https://store-api.schema/storeApiSchema.json';
const DELETE = '_DELETE_';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(file: string): JsonObject {
  return JSON.parse(readFileSync(`${API_TYPES}${file}`, 'utf8')) as JsonObject;
}

/**
 * One override patch merged over a schema node, as api-gen does: the patch wins, objects merge deeply,
 * arrays (e.g. `required`) are united without duplicates, and the value "_DELETE_" removes the key.
 */
export function mergeOverride(base: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const merged: JsonObject = isObject(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === DELETE) {
      delete merged[key];
      continue;
    }
    const current = merged[key];
    if (Array.isArray(value) && Array.isArray(current)) {
      merged[key] = [...new Set([...current, ...value].map((v) => JSON.stringify(v)))].sort().map((v) => JSON.parse(v) as Json);
    } else if (isObject(value)) {
      merged[key] = mergeOverride(current, value);
    } else {
      merged[key] = value;
    }
  }
  return merged;
}

function patchesOf(value: Json): Json[] {
  return Array.isArray(value) ? value : [value];
}

/** Applies an overrides file ({components: {Schema: patch|patch[]}, paths: {path: {method: patch|patch[]}}}). */
function applyOverrides(doc: JsonObject, overrides: JsonObject): void {
  const schemas = ((doc.components as JsonObject).schemas ??= {}) as JsonObject;
  for (const [name, patches] of Object.entries((overrides.components ?? {}) as JsonObject)) {
    for (const patch of patchesOf(patches)) schemas[name] = mergeOverride(schemas[name], patch);
  }
  const paths = doc.paths as JsonObject;
  for (const [path, methods] of Object.entries((overrides.paths ?? {}) as JsonObject)) {
    const item = paths[path];
    if (!isObject(item) || !isObject(methods)) continue;
    for (const [method, patches] of Object.entries(methods)) {
      for (const patch of patchesOf(patches)) item[method] = mergeOverride(item[method], patch);
    }
  }
}

/** Every schema keyword whose value is one subschema or a list/map of subschemas. */
function forEachSubschema(node: JsonObject, visit: (schema: JsonObject) => void, skipProperties = false): void {
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) {
    const sub = node[key];
    if (isObject(sub)) visit(sub);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = node[key];
    if (Array.isArray(list)) for (const sub of list) if (isObject(sub)) visit(sub);
  }
  for (const key of ['properties', 'patternProperties', '$defs']) {
    if (skipProperties && key === 'properties') continue;
    const map = node[key];
    if (isObject(map)) for (const sub of Object.values(map)) if (isObject(sub)) visit(sub);
  }
}

/**
 * ENDPOINTS.md §6.11: Shopware serializes every field it did not fill as `null` (parentId of a main product,
 * an empty cover, deliveryInformation, …), while the schema types optional fields without null.
 * Optional (not `required`) properties therefore also accept null; required fields stay as strict as written.
 */
function allowNullOnOptionalProperties(schema: JsonObject): void {
  const properties = schema.properties;
  if (isObject(properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, sub] of Object.entries(properties)) {
      if (!isObject(sub) || required.has(name)) continue;
      allowNullOnOptionalProperties(sub);
      properties[name] = { anyOf: [sub, { type: 'null' }] };
    }
  }
  forEachSubschema(schema, allowNullOnOptionalProperties, true);
}

/**
 * `additionalProperties: false` beside an allOf/$ref (e.g. Product.calculatedPrices items = allOf[CalculatedPrice])
 * cannot see the composed properties, so read literally it refuses every field. OpenAPI tools read it as
 * "exactly the composed schema": 2020-12 says that with `unevaluatedProperties: false`, which stays as strict.
 */
function closeComposedSchemas(schema: JsonObject): void {
  const composed = ['allOf', 'anyOf', 'oneOf', '$ref'].some((key) => key in schema);
  if (schema.additionalProperties === false && composed && !isObject(schema.properties)) {
    delete schema.additionalProperties;
    schema.unevaluatedProperties = false;
  }
  forEachSubschema(schema, closeComposedSchemas);
}

function at(doc: JsonObject, ...keys: string[]): JsonObject {
  let node: Json = doc;
  for (const key of keys) {
    if (!isObject(node) || !isObject(node[key])) throw new Error(`contract: the schema has no ${keys.join(' › ')}`);
    node = node[key];
  }
  return node as JsonObject;
}

const nullableString = { anyOf: [{ type: 'string' }, { type: 'null' }] };

/**
 * The runtime deviations ENDPOINTS.md documents (§6, and the [runtime] note on CMS slots in §3.5), each as an
 * explicit patch. Request-only ones (§6.6, 6.7, 6.10) need none here.
 */
function applyDocumentedRuntimeDeviations(doc: JsonObject): void {
  const schemas = at(doc, 'components', 'schemas');

  // §6.1 / §1.3: search results send `aggregations` as an object keyed by aggregation name; the schema's
  // object[] stays accepted too (an empty collection serializes as []).
  const searchResult = at(schemas, 'EntitySearchResult', 'properties');
  searchResult.aggregations = {
    anyOf: [searchResult.aggregations as JsonObject, { type: 'object', additionalProperties: { type: 'object' } }],
  };

  // §6.2: Cart.errors is [] when empty, else an object keyed by error key. The 6.7 schema has that anyOf but
  // keeps `type: "object"` beside it, so [] could never validate: the errors are exactly the anyOf.
  const cartProperties = at(schemas, 'Cart', 'properties');
  const cartErrors = cartProperties.errors as JsonObject;
  cartProperties.errors = {
    anyOf: Array.isArray(cartErrors.anyOf)
      ? cartErrors.anyOf
      : [{ type: 'array', items: { $ref: '#/components/schemas/CartError' } }, { type: 'object', additionalProperties: { type: 'object' } }],
  };

  // [runtime] Promotion line items (ENDPOINTS.md §3.4): Shopware's promotion payload {code, promotionId,
  // discountType, value, …} where the schema types every payload as a product; a percentage or absolute price
  // definition where it allows only a quantity one; and cover null. The overrides make cover nullable, but
  // merged over the schema's $ref Media the $ref stays beside the oneOf, so null never matched.
  const lineItemProperties = at(schemas, 'LineItem', 'properties');
  lineItemProperties.payload = {
    anyOf: [
      lineItemProperties.payload as JsonObject,
      {
        type: 'object',
        required: ['code', 'promotionId', 'discountType', 'value'],
        properties: { code: { type: 'string' }, promotionId: { type: 'string', pattern: '^[0-9a-f]{32}$' }, discountType: { type: 'string' }, value: { type: 'number' } },
      },
    ],
  };
  lineItemProperties.priceDefinition = {
    anyOf: [
      lineItemProperties.priceDefinition as JsonObject,
      { type: 'object', required: ['type', 'apiAlias'], properties: { type: { enum: ['percentage', 'absolute'] }, apiAlias: { enum: ['cart_price_percentage', 'cart_price_absolute'] } } },
    ],
  };
  lineItemProperties.cover = { anyOf: [{ $ref: '#/components/schemas/Media' }, { type: 'null' }] };

  // [runtime] Order.shippingCosts, OrderDelivery.shippingCosts and OrderTransaction.amount are CalculatedPrice
  // values: their calculatedTaxes and taxRules are lists, as in the cart; the schema, generated from the JSON
  // field, types them `object`. Both stay accepted.
  const calculatedPrice = at(schemas, 'CalculatedPrice', 'properties');
  for (const [entity, field] of [['Order', 'shippingCosts'], ['OrderDelivery', 'shippingCosts'], ['OrderTransaction', 'amount']] as const) {
    const price = at(schemas, entity, 'properties', field, 'properties');
    for (const key of ['calculatedTaxes', 'taxRules']) price[key] = { anyOf: [price[key] as JsonObject, calculatedPrice[key] as JsonObject] };
  }

  // §6.3: Cart.price / Order.price are a CartPrice whose taxStatus may be "gross".
  at(schemas, 'Cart', 'properties').price = { $ref: '#/components/schemas/CartPrice' };
  at(schemas, 'Order', 'properties').price = { $ref: '#/components/schemas/CartPrice' };
  at(schemas, 'CartPrice', 'properties').taxStatus = { type: 'string', enum: ['gross', 'net', 'tax-free'] };

  // §6.9 / §1.3: the ContextTokenResponse body carries no token, and redirectUrl may be null.
  const contextTokenBody = at(doc, 'components', 'responses', 'ContextTokenResponse', 'content', 'application/json', 'schema');
  at(contextTokenBody, 'properties').redirectUrl = nullableString;

  const paths = at(doc, 'paths');
  // §6.4: these answer 204 No Content where the schema says 200.
  for (const [path, method] of [
    ['/account/address/default-billing/{addressId}', 'patch'],
    ['/account/address/default-shipping/{addressId}', 'patch'],
    ['/product/{productId}/review', 'post'],
  ] as const) {
    at(paths, path, method, 'responses')['204'] = { description: 'No Content (runtime, ENDPOINTS.md §6.4)' };
  }
  // §6.4: change-password answers a ContextTokenResponse, not {success}.
  at(paths, '/account/change-password', 'post', 'responses')['200'] = { $ref: '#/components/responses/ContextTokenResponse' };

  // §6.5: /handle-payment's redirectUrl is null for synchronous payments.
  for (const method of ['get', 'post']) {
    const body = at(paths, '/handle-payment', method, 'responses', '200', 'content', 'application/json', 'schema');
    at(body, 'properties').redirectUrl = nullableString;
  }

  // §6.8: /contact-form returns {individualSuccessMessage}, which the schema leaves undocumented.
  at(paths, '/contact-form', 'post', 'responses')['200'] = {
    description: 'Message sent (runtime, ENDPOINTS.md §6.8)',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['individualSuccessMessage', 'apiAlias'],
          properties: { individualSuccessMessage: { type: 'string' }, apiAlias: { const: 'contact_form_result' } },
        },
      },
    },
  };

  // §3.5 [runtime]: a CMS slot's fieldConfig is sent as a list of {name, source, value}, the schema says object.
  const slotProperties = at(schemas, 'CmsSlot', 'properties');
  slotProperties.fieldConfig = {
    anyOf: [
      slotProperties.fieldConfig as JsonObject,
      {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'source'],
          properties: { name: { type: 'string' }, source: { type: 'string' }, apiAlias: { const: 'cms_data_resolver_field_config' } },
        },
      },
    ],
  };

  // [runtime] Country.addressFormat is stored as a JSON list of address lines (each a list of snippet keys,
  // e.g. [["address/first_name","address/last_name"], ...]) and serialized as that list; the schema says object.
  // Not in ENDPOINTS.md §6 yet: the core's country_translation.address_format column is a JSON list.
  const countryProperties = at(schemas, 'Country', 'properties');
  countryProperties.addressFormat = {
    anyOf: [
      countryProperties.addressFormat as JsonObject,
      { type: 'array', items: { type: 'array', items: { type: 'string' } } },
    ],
  };

  // §6.11: optional fields may be null (see allowNullOnOptionalProperties).
  for (const schema of Object.values(schemas)) if (isObject(schema)) allowNullOnOptionalProperties(schema);
}

function loadStoreApiSchema(): JsonObject {
  const doc = readJson('storeApiSchema.json');
  applyOverrides(doc, readJson('storeApiSchema.overrides.json'));
  applyDocumentedRuntimeDeviations(doc);
  for (const schema of Object.values(at(doc, 'components', 'schemas'))) if (isObject(schema)) closeComposedSchemas(schema);
  return doc;
}

/** '#/components/…' refs inside a copied fragment must point back into the registered document. */
function anchorRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(anchorRefs);
  if (!isObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${SCHEMA_ID}${value}` : anchorRefs(value);
  }
  return copy;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

let validator: { ajv: Ajv2020; doc: JsonObject; compiled: Map<string, ValidateFunction | 'no-content'> } | undefined;

function contractValidator(): NonNullable<typeof validator> {
  if (validator) return validator;
  const doc = loadStoreApiSchema();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  ajv.addFormat('date-time', ISO_DATE_TIME);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  // Numeric width hints and free-form string formats: documented, not worth checking.
  for (const format of ['float', 'double', 'int32', 'int64', 'uuid', 'uri', 'uri-reference', 'binary', 'base64url', 'email', '^[0-9a-f]{32}$', '']) {
    ajv.addFormat(format, true);
  }
  ajv.addSchema({ $id: SCHEMA_ID, components: doc.components } as object);
  validator = { ajv, doc, compiled: new Map() };
  return validator;
}

function responseSchemaFor(method: string, pathTemplate: string, status: number): { key: string; schema: Json | 'no-content' } {
  const { doc } = contractValidator();
  const path = pathTemplate.replace(/^\/store-api(?=\/)/, '');
  const item = (doc.paths as JsonObject)[path];
  if (!isObject(item)) throw new Error(`contract: the Store API schema has no path ${path}`);
  const operation = item[method.toLowerCase()];
  if (!isObject(operation)) throw new Error(`contract: the Store API schema has no ${method.toUpperCase()} ${path}`);
  const responses = operation.responses as JsonObject;
  let response = responses[String(status)] ?? responses.default;
  if (!isObject(response)) {
    throw new Error(`contract: ${method.toUpperCase()} ${path} documents no ${status} response (documented: ${Object.keys(responses).join(', ')})`);
  }
  const ref = response.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/responses/', '');
    response = at(doc, 'components', 'responses', name);
  }
  const key = `${method.toUpperCase()} ${path} ${status}`;
  const content = response.content;
  if (!isObject(content)) return { key, schema: 'no-content' };
  const json = content['application/json'];
  if (!isObject(json) || json.schema === undefined) return { key, schema: 'no-content' };
  return { key, schema: json.schema };
}

function describe(allErrors: ErrorObject[], body: unknown): string {
  // The null branch of a nullable field and the anyOf wrapper only repeat the real complaint beside them.
  const meaningful = allErrors.filter(
    (e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && (e.params as { type?: string }).type === 'null'),
  );
  const errors = meaningful.length > 0 ? meaningful : allErrors;
  const lines = errors.slice(0, 20).map((error) => {
    let value: unknown = body;
    for (const part of error.instancePath.split('/').slice(1)) {
      value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    const shown = JSON.stringify(value)?.slice(0, 160) ?? 'undefined';
    return `  ${error.instancePath || '(root)'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)} — got ${shown}`;
  });
  if (errors.length > 20) lines.push(`  … and ${errors.length - 20} more`);
  return lines.join('\n');
}

/**
 * Throws with readable ajv errors unless `body` is what the Shopware Store API schema documents for
 * `method pathTemplate` answering `status` (e.g. 'POST', '/product-listing/{categoryId}', 200).
 */
export function expectStoreApiContract(method: string, pathTemplate: string, status: number, body: unknown): void {
  const { ajv, compiled } = contractValidator();
  const { key, schema } = responseSchemaFor(method, pathTemplate, status);
  let validate = compiled.get(key);
  if (!validate) {
    validate = schema === 'no-content' ? 'no-content' : ajv.compile(anchorRefs(schema) as object);
    compiled.set(key, validate);
  }
  if (validate === 'no-content') {
    if (body !== undefined && body !== '' && body !== null) {
      throw new Error(`Store API contract: ${key} has no body in the schema, got ${JSON.stringify(body).slice(0, 200)}`);
    }
    return;
  }
  if (!validate(body)) {
    throw new Error(`Store API contract: ${key} does not match the schema:\n${describe(validate.errors ?? [], body)}`);
  }
}

/** Validates one value against a named component schema, e.g. ('failure', body) or ('Product', product). */
export function expectStoreApiSchema(componentName: string, value: unknown): void {
  const { ajv, doc, compiled } = contractValidator();
  at(doc, 'components', 'schemas', componentName);
  const key = `#/components/schemas/${componentName}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `${SCHEMA_ID}${key}` });
    compiled.set(key, validate);
  }
  if (validate === 'no-content') return;
  if (!validate(value)) {
    throw new Error(`Store API contract: value is not a valid ${componentName}:\n${describe(validate.errors ?? [], value)}`);
  }
}
