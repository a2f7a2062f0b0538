export { customers } from './customers.projection';
