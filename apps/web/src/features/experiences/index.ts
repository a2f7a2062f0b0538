// What other features use of experiences: a page's event data form, and the checks and guard of a
// visitor's landing page.
export { EventAccessGuard } from './event-access-guard';
export { PageEventDataForm } from './page-event-data-form';
export { publicEventChecks } from './public-event-checks';
