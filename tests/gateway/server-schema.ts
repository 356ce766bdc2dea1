import { GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import type { GatewayContext } from '../../gateway/src/context';

const ShelfItem = new GraphQLObjectType({ name: 'ShelfItem', description: 'One item.', fields: { name: { type: GraphQLString } } });

/** A schema for tests of the HTTP layer: fields that fail on purpose, against the real Store API. */
export const failingSchema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, GatewayContext>({
    name: 'Query',
    description: 'Fields that fail on purpose.',
    fields: {
      ok: { type: new GraphQLNonNull(GraphQLString), resolve: () => 'ok' },
      // Costed like a Pothos list field whose size is an argument: complexity 1 + size × its items.
      shelf: {
        type: new GraphQLList(ShelfItem),
        args: { size: { type: GraphQLInt } },
        extensions: { complexity: (args: { size?: number | null }) => ({ field: 1, multiplier: args.size ?? 1 }) },
        resolve: (_parent, args: { size?: number | null }) => Array.from({ length: args.size ?? 1 }, (_, i) => ({ name: `item ${i}` })),
      },
      boom: {
        type: GraphQLString,
        resolve: () => {
          throw new Error('database password is hunter2');
        },
      },
      missingProduct: {
        type: GraphQLString,
        resolve: async (_parent, _args, ctx) => {
          await ctx.store().invoke('readProductDetail post /product/{productId}', { pathParams: { productId: 'f'.repeat(32) } });
          return 'found';
        },
      },
    },
  }),
});
