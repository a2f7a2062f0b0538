import { SiteView } from '@qr/contracts';
import { json, type ApiPaths } from '../http/openapi';

/** The site's public facts in the OpenAPI document. */
export function registerSitePaths({ open }: ApiPaths): void {
  open('identity', '/api/v1/public/site', [500])('get', '', 'Which host is the short host printed in QR codes (ALT_HOST), for the home screen (no sign-in)', {
    200: json('Found', SiteView),
  });
}
