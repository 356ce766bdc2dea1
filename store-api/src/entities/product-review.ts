import { registerEntity } from '../dal/definition';
import { idList, queryAll } from '../dal/statements';

// Customer reviews (product_review); the Store API shows approved ones (status = 1), and to a logged-in customer
// also their own waiting for approval, as Shopware's ProductReviewRoute does.

interface ReviewRow {
  id: string;
  product_id: string;
  language_id: string;
  customer_id: string | null;
  external_user: string | null;
  external_email: string | null;
  title: string;
  content: string;
  points: number;
  status: number;
  comment: string | null;
  created_at: string;
}

registerEntity({
  name: 'product_review',
  table: 'product_review',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    productId: { column: 'product_id', type: 'id' },
    languageId: { column: 'language_id', type: 'id' },
    customerId: { column: 'customer_id', type: 'id' },
    externalUser: { column: 'external_user', type: 'string' },
    title: { column: 'title', type: 'string' },
    content: { column: 'content', type: 'string' },
    points: { column: 'points', type: 'float' },
    status: { column: 'status', type: 'bool' },
    comment: { column: 'comment', type: 'string' },
    createdAt: { column: 'created_at', type: 'date' },
  },
  associations: {
    product: { kind: 'manyToOne', entity: 'product', localColumn: 'product_id' },
  },
  defaultSort: [{ field: 'createdAt', order: 'DESC' }],
  baseCondition: (ctx, alias) =>
    ctx.customerId ? { sql: `(${alias}.status = 1 OR ${alias}.customer_id = ?)`, params: [ctx.customerId] } : { sql: `${alias}.status = 1`, params: [] },
  hydrate: (ctx, ids) => {
    const rows = queryAll<ReviewRow>(ctx.db, 'SELECT * FROM product_review WHERE id IN (SELECT value FROM json_each(?))', [idList(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          id: r.id,
          productId: r.product_id,
          productVersionId: null,
          salesChannelId: ctx.salesChannel.id,
          languageId: r.language_id,
          customerId: r.customer_id,
          externalUser: r.external_user,
          title: r.title,
          content: r.content,
          points: r.points,
          status: r.status === 1,
          comment: r.comment,
          customFields: null,
          createdAt: r.created_at,
          updatedAt: null,
          apiAlias: 'product_review',
        },
      ];
    });
  },
});
