// Response shaping of Criteria `includes` / `excludes` (per apiAlias, applied at every depth, the
// way Shopware's JSON encoder does) and of partial loading (`fields`).

type Json = unknown;

/** Keeps only the included keys (and removes excluded ones) of every object by its apiAlias. */
export function applyIncludes<T>(json: T, includes: Record<string, string[]> | null, excludes: Record<string, string[]> | null = null): T {
  if (!includes && !excludes) return json;
  const inc = includes ? new Map(Object.entries(includes).map(([k, v]) => [k, new Set(v)])) : null;
  const exc = excludes ? new Map(Object.entries(excludes).map(([k, v]) => [k, new Set(v)])) : null;
  return shape(json, inc, exc) as T;
}

function shape(value: Json, inc: Map<string, Set<string>> | null, exc: Map<string, Set<string>> | null): Json {
  if (Array.isArray(value)) return value.map((v) => shape(v, inc, exc));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, Json>;
  const alias = typeof object.apiAlias === 'string' ? object.apiAlias : null;
  const keep = alias ? inc?.get(alias) : undefined;
  const drop = alias ? exc?.get(alias) : undefined;
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(object)) {
    // apiAlias always stays: clients tell types apart by it
    if (keep && !keep.has(key) && key !== 'apiAlias') continue;
    if (drop?.has(key)) continue;
    out[key] = shape(child, inc, exc);
  }
  return out;
}

/** Partial loading: only the named fields (dotted for associations), plus id and apiAlias. */
export function applyFields(elements: Record<string, unknown>[], fields: string[]): Record<string, unknown>[] {
  const tree = fieldTree(fields);
  return elements.map((e) => pick(e, tree) as Record<string, unknown>);
}

interface FieldTree {
  [key: string]: FieldTree;
}

function fieldTree(fields: string[]): FieldTree {
  const tree: FieldTree = {};
  for (const field of fields) {
    let node = tree;
    for (const part of field.split('.')) node = node[part] ??= {};
  }
  return tree;
}

function pick(value: Json, tree: FieldTree): Json {
  if (Array.isArray(value)) return value.map((v) => pick(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const key of ['id', ...Object.keys(tree), 'apiAlias']) {
    if (!(key in object)) continue;
    const sub = tree[key];
    out[key] = sub && Object.keys(sub).length ? pick(object[key], sub) : object[key];
  }
  if (object.translated && typeof object.translated === 'object') {
    const translated = object.translated as Record<string, Json>;
    const kept = Object.fromEntries(Object.keys(tree).filter((k) => k in translated).map((k) => [k, translated[k]]));
    out.translated = kept;
  }
  return out;
}
