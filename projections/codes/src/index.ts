export { codes } from './codes.projection';
