// The Criteria engine of the embedded Store API (Shopware's DAL, on SQLite).
export type { Aggregation, Criteria, Filter, SortSpec, TotalCountMode } from './criteria';
export { emptyCriteria, ensureAssociation, hasAssociation } from './criteria';
export type { AssociationDefinition, EntityDefinition, FieldDefinition, SqlFragment } from './definition';
export { associationEntity, entityDefinition, findEntity, registerEntity } from './definition';
export { applyFields, applyIncludes } from './includes';
export { parseBracketQuery, parseCriteria, readCriteriaInput, type ParseCriteriaOptions } from './parse-criteria';
export { aggregate, searchEntities, searchIds, type EntitySearchResult, type SearchOptions } from './search';
export { cachedStatement, idList, queryAll, queryOne } from './statements';
