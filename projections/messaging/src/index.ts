export { messaging } from './messaging.projection';
