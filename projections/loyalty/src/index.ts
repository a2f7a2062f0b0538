export { loyalty } from './loyalty.projection';
