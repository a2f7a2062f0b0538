export { pages } from './pages.projection';
export { submissions } from './submissions.projection';
