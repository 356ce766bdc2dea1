import type { SalesChannelContext } from '../context';
import type { Criteria } from './criteria';

// How an entity of the Store API maps onto the SQLite schema. Field and association names are the
// API's camelCase names; SQL identifiers come only from these definitions, never from a request.

export type FieldType = 'id' | 'string' | 'int' | 'float' | 'bool' | 'date' | 'json';

export interface ScalarField {
  /** column of the entity's own table */
  column: string;
  type: FieldType;
}

export interface TranslatedField {
  /** column of the `<entity>_translation` table */
  column: string;
  type: FieldType;
  translated: true;
}

export type FieldDefinition = ScalarField | TranslatedField;

export type AssociationDefinition =
  /** this table holds the foreign key: `localColumn` → target id */
  | { kind: 'manyToOne'; entity: string; localColumn: string }
  /** the target table holds the foreign key `foreignColumn` → this id */
  | { kind: 'oneToMany'; entity: string; foreignColumn: string }
  /** a mapping table links both ids */
  | { kind: 'manyToMany'; entity: string; mappingTable: string; mappingLocal: string; mappingForeign: string };

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export interface EntityDefinition {
  /** Shopware entity name, e.g. 'product', 'product_manufacturer' */
  name: string;
  table: string;
  idColumn: string;
  /** `<table>_translation` with `translationForeignKey` → id, when the entity has translated fields */
  translationTable?: string;
  translationForeignKey?: string;
  fields: Record<string, FieldDefinition>;
  associations: Record<string, AssociationDefinition>;
  /**
   * Associations of Shopware's entity that this shop never fills (name → target entity): a client may ask for them
   * (Shopware answers 200 with null), but nothing filters or sorts across them.
   */
  unfilledAssociations?: Record<string, string>;
  /** Shopware's ManyToManyIdFields: the ids of a many-to-many association read as one field (product.propertyIds → `properties`). */
  idListFields?: Record<string, string>;
  defaultSort?: { field: string; order: 'ASC' | 'DESC' }[];
  /** What every query of this entity through the Store API is restricted to (e.g. active rows). */
  baseCondition?: (ctx: SalesChannelContext, alias: string) => SqlFragment | null;
  /** How `term` searches this entity; without it, `term` is ignored. */
  termCondition?: (ctx: SalesChannelContext, alias: string, term: string) => SqlFragment;
  /** Shopware JSON for the given ids, in the order of the ids (missing ids are skipped). */
  hydrate(ctx: SalesChannelContext, ids: string[], criteria: Criteria): Record<string, unknown>[];
}

const registry = new Map<string, EntityDefinition>();

export function registerEntity(def: EntityDefinition): EntityDefinition {
  registry.set(def.name, def);
  return def;
}

export function findEntity(name: string): EntityDefinition | undefined {
  return registry.get(name);
}

export function entityDefinition(name: string): EntityDefinition {
  const def = registry.get(name);
  if (!def) throw new Error(`entity definition "${name}" is not registered`);
  return def;
}

export function isTranslated(field: FieldDefinition): field is TranslatedField {
  return 'translated' in field;
}

/** The target entity of an association, for nested criteria. */
export function associationEntity(entity: string, association: string): string | undefined {
  return registry.get(entity)?.associations[association]?.entity;
}

/** The loaded entities in the order of the requested ids, skipping ids that were not found (hydrate's contract). */
export function inIdOrder<T>(found: ReadonlyMap<string, T>, ids: readonly string[]): T[] {
  return ids.flatMap((id) => {
    const entity = found.get(id);
    return entity === undefined ? [] : [entity];
  });
}
