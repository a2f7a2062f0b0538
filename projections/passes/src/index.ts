export { passes, holderKeyOf } from './passes.projection';
