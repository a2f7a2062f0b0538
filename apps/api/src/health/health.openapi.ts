import { HealthView } from '@qr/contracts';
import { json, type ApiPaths } from '../http/openapi';

/** The health check in the OpenAPI document. */
export function registerHealthPaths({ open }: ApiPaths): void {
  open('platform', '/api/health', [500])('get', '', 'Whether the database answers and how far behind each projection is', {
    200: json('Healthy', HealthView),
    503: json('The database does not answer', HealthView),
  });
}
