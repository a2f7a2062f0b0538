import { Controller, Get, Inject } from '@nestjs/common';
import type { AuthConfigView } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { CONFIG } from '../../infrastructure';
import { EMBEDDED_CLIENT_ID, embeddedIssuer } from './embedded-oidc-provider';
import { ReadModels } from '../../http/read-models.decorator';

/** Public: the web app asks this before it signs anyone in. */
@Controller('api/v1/auth/config')
@ReadModels()
export class AuthConfigController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Get()
  get(): AuthConfigView {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, PUBLIC_URL } = this.config;
    // OIDC_CLIENT_ID names our client at the external issuer; the embedded provider knows one client only.
    return OIDC_ISSUER
      ? { issuer: OIDC_ISSUER, client_id: OIDC_CLIENT_ID, embedded: false }
      : { issuer: embeddedIssuer(PUBLIC_URL), client_id: EMBEDDED_CLIENT_ID, embedded: true };
  }
}
