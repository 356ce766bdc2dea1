export { shellPageQuery as default } from '../shopper/shellPageQuery';
