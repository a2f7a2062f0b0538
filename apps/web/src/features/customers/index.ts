// What other features use of customers: downloading a CSV export, and its button.
export { downloadCsvExport, streamCsvExport } from './customers-api';
export { CsvExportButton } from './csv-export-button';
