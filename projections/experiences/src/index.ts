export { experiences, pageEventData } from './experiences.projection';
