// What other contexts use of pages: their reads of pages and submissions, a visitor's page and its submit,
// and the content a page stores (templates save theirs the same way).
export { PageDirectory } from './page-directory';
export { pageNotFound, PageReads } from './page-reads';
export { storedPage, SubmitFormCommand } from './pages.handlers';
export { PublicPageViews } from './public-page-views';
