export { default } from '../route/+Page';
