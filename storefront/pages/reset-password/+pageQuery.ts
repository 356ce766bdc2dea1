export { shellPageQuery as default } from '../../shell/shellPageQuery';
