import { existsSync, readFileSync } from 'node:fs';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType, lexicographicSortSchema, printSchema, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printGatewaySchema, SCHEMA_FILE } from '../../gateway/src/print-schema';
import { gatewaySchema } from '../../gateway/src/schema';

// schema.graphql is committed (relay-compiler reads it) and must match the Pothos schema; GraphiQL
// explains the shop only if every type and field says what it is.

describe('schema.graphql', () => {
  it('is the printed Pothos schema (run `npm run schema` after changing the schema)', () => {
    expect(existsSync(SCHEMA_FILE), 'schema.graphql is missing: run `npm run schema`').toBe(true);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    // A plain comparison first, so a stale file fails with a short message rather than a huge diff.
    expect(committed === printGatewaySchema(), 'schema.graphql is stale: run `npm run schema` and commit it').toBe(true);
  });

  it('is sorted, so a change shows as a small diff', () => {
    const printed = printGatewaySchema();
    expect(`${printSchema(lexicographicSortSchema(buildSchema(printed)))}\n`).toBe(printed);
    const names = [...printed.matchAll(/^(?:type|interface|union|enum|input|scalar) (\w+)/gm)].map((m) => m[1]!);
    expect(names.indexOf('Product')).toBeLessThan(names.indexOf('Query'));
  });
});

describe('documentation', () => {
  const shopTypes = (): GraphQLNamedType[] =>
    Object.values(gatewaySchema().getTypeMap()).filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type));

  it('describes every type, field, argument, input field and enum value', () => {
    const missing: string[] = [];
    const need = (description: string | null | undefined, where: string) => {
      if (!description?.trim()) missing.push(where);
    };
    for (const type of shopTypes()) {
      need(type.description, type.name);
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          need(field.description, `${type.name}.${field.name}`);
          for (const arg of field.args) need(arg.description, `${type.name}.${field.name}(${arg.name})`);
        }
      } else if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) need(field.description, `${type.name}.${field.name}`);
      } else if (isEnumType(type)) {
        for (const value of type.getValues()) need(value.description, `${type.name}.${value.name}`);
      }
    }
    expect(missing, `undocumented: ${missing.join(', ')}`).toEqual([]);
  });
});
