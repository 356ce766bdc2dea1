import { findEntity, type AssociationDefinition, type EntityDefinition, type FieldDefinition } from './definition';

/** One step across an association, from `from` to `to`. */
export interface AssociationHop {
  name: string;
  association: AssociationDefinition;
  from: EntityDefinition;
  to: EntityDefinition;
}

export interface ResolvedField {
  hops: AssociationHop[];
  /** the entity the final field belongs to */
  entity: EntityDefinition;
  fieldName: string;
  field: FieldDefinition;
}

/**
 * Resolves `manufacturer.name` or `properties.group.id` against the definitions. A path that ends
 * on an association means its id (`manufacturer` = `manufacturer.id`), like Shopware's DAL.
 */
export function resolveFieldPath(
  root: EntityDefinition,
  path: string,
): ResolvedField | { error: { field: string; entity: string } } {
  const parts = path.split('.');
  // `propertyIds` filters and aggregates as the association's ids (`properties.id`), like Shopware's ManyToManyIdField.
  const idListOf = (entity: EntityDefinition, part: string): string | undefined =>
    entity.idListFields && Object.hasOwn(entity.idListFields, part) ? entity.idListFields[part] : undefined;
  const hops: AssociationHop[] = [];
  let current = root;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const part = (last ? idListOf(current, parts[i]!) : undefined) ?? parts[i]!;
    if (Object.hasOwn(current.fields, part) && last) {
      return { hops, entity: current, fieldName: part, field: current.fields[part]! };
    }
    const association = Object.hasOwn(current.associations, part) ? current.associations[part] : undefined;
    const target = association ? (findEntity(association.entity) ?? idOnlyEntity(association.entity)) : undefined;
    if (!association || !target) return { error: { field: part, entity: current.name } };
    hops.push({ name: part, association, from: current, to: target });
    current = target;
    if (last) {
      const id = current.fields.id;
      if (!id) return { error: { field: 'id', entity: current.name } };
      return { hops, entity: current, fieldName: 'id', field: id };
    }
  }
  return { error: { field: path, entity: root.name } };
}

/** True when the path crosses a to-many association (many rows per entity). */
export function isToManyPath(resolved: ResolvedField): boolean {
  return resolved.hops.some((h) => h.association.kind !== 'manyToOne');
}

/**
 * An entity another module has not registered (yet) is still reachable by its id, so filters such
 * as `categories.id` work whatever the load order; its table carries the entity's name.
 */
function idOnlyEntity(name: string): EntityDefinition {
  return { name, table: name, idColumn: 'id', fields: { id: { column: 'id', type: 'id' } }, associations: {}, hydrate: () => [] };
}
