// What other contexts use of customers: the CSV export's shape and its line and base64 encoding, and contacts for messaging's audiences.
export { Base64Encoder, csvLine, type CsvExport } from './customers.export';
export { CustomerContacts, type CustomerContact, type CustomerContactFilter } from './customer-contacts';
