import { CsvExportBody, CustomerActivityView, CustomerInteractionQuery, CustomerListView, CustomerPath, ListCustomersQuery, OrgQuery } from '@qr/contracts';
import { body, json, type ApiPaths } from '../http/openapi';

/** Customers and the CSV export in the OpenAPI document, from the contracts the routes validate with. */
export function registerCustomersPaths({ signedIn }: ApiPaths): void {
  const route = signedIn('customers', '/api/v1/customers');
  const exportRoute = signedIn('customers', '/api/v1/exports');
  route(
    'get',
    '',
    'The organisation’s customers, most recently seen first; pageSize 1–1000',
    { 200: json('Listed', CustomerListView) },
    { query: ListCustomersQuery },
  );
  route(
    'get',
    '/interaction',
    'The customer an email or phone belongs to, with their activity',
    { 200: json('Found', CustomerActivityView) },
    { query: CustomerInteractionQuery },
  );
  route(
    'get',
    '/{id}/activity',
    'A customer and what they did, newest first',
    { 200: json('Found', CustomerActivityView) },
    { params: CustomerPath, query: OrgQuery },
  );
  route(
    'delete',
    '/{id}',
    'Forget the customer: their keys are deleted and every read model drops them (owner, admin)',
    { 204: { description: 'Forgotten' } },
    {
      params: CustomerPath,
      query: OrgQuery,
    },
  );
  exportRoute(
    'post',
    '/csv',
    'A code’s customers (`my-codes/customer`, owner and admin) or its one-time codes (`my-codes/one-time-codes`, any member) as CSV, the body base64 and streamed; `x-row-count` says how many rows',
    {
      200: { description: 'The CSV, base64', content: { 'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } } } },
    },
    { body: body(CsvExportBody) },
    { readsOnly: true },
  );
}
