export { apiKeys } from './api-keys.projection';
export { members } from './members.projection';
export { organizations } from './organizations.projection';
