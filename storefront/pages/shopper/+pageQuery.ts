export { shellPageQuery as default } from './shellPageQuery';
