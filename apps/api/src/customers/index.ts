// What other contexts use of customers: the CSV export's shape and its line and base64 encoding.
export { Base64Encoder, csvLine, type CsvExport } from './customers.export';
