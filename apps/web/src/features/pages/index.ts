// What other features use of pages: a code's pages, for the messaging audience's form filter.
export { pageKeys, pagesApi } from './pages-api';
