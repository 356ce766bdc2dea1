// relay-compiler reads this file. The package is ESM: `export default` makes the compiler panic
// (unknown field `__esModule`, STACK.md), so the options are named exports.
export const src = './storefront';
export const schema = './schema.graphql';
export const language = 'typescript';
// Artifacts land in a `__generated__` folder beside each file (git-ignored, rebuilt by `npm run relay`).
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'];
// Operations carry a SHA-256 id and no text: the browser sends the id, the gateway looks it up in this file.
export const persistConfig = { file: './persisted_queries.json', algorithm: 'SHA256' };
