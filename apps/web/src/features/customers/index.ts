// What other features use of customers: downloading a CSV export.
export { downloadCsvExport } from './customers-api';
