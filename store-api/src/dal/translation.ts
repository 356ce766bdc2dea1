/**
 * A translated column with Shopware's language fallback: the value in the first language of the
 * chain that has one. Takes one bound parameter per language of the chain, in chain order.
 */
export function translatedColumn(chain: readonly string[], table: string, foreignKey: string, ownerId: string, column: string): string {
  const one = `(SELECT ${column} FROM ${table} WHERE ${foreignKey} = ${ownerId} AND language_id = ?)`;
  return chain.length === 1 ? one : `COALESCE(${chain.map(() => one).join(', ')})`;
}
