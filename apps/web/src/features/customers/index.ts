// What other features use of customers: downloading a CSV export.
export { downloadCsvExport, streamCsvExport } from './customers-api';
