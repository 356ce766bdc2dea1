import type { GraphQLSchema } from 'graphql';
import { builder } from './builder';
// One module per domain; importing them registers their types on the builder.
import './media';
import './brand';
import './product';
import './product-promises';
import './product-reviews';
import './listing';
import './brand-listing';
import './category';
import './cms';
import './landing-page';
import './route';
import './shop-context';
import './shop-errors';
import './pharmacy';
import './cart';
import './customer';
import './customer-group';
import './checkout';
import './order';
import './account';
import './newsletter';
import './wishlist';
import './loyalty';
import './contact';
import './article';
import './search-alternatives';
import './prescription';
import './insurer';
import './contest';
import './pharmacy-favourite';

let schema: GraphQLSchema | undefined;

/** The gateway's schema, built once per process. */
export function gatewaySchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
