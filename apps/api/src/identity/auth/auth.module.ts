import { Module } from '@nestjs/common';
import { createLocalJWKSet } from 'jose';
import { Provider } from 'oidc-provider';
import type { Config, Logger, SqlClient } from '@qr/platform';
import { CONFIG, LOGGER, SQL_CLIENT } from '../../infrastructure';
import { AccessTokenVerifier, discoveredKeySet } from './access-token-verifier';
import { Accounts } from './accounts';
import { AuthConfigController } from './auth-config.controller';
import { apiAudience, createEmbeddedOidcProvider, embeddedIssuer } from './embedded-oidc-provider';
import { ExpiredOidcPayloadSweeper } from './expired-oidc-payload-sweeper';
import { loadOrCreateOidcKeys, publicKeySet, type OidcKeys } from './oidc-keys';
import { SignInInteraction } from './sign-in-interaction';

const OIDC_KEYS = Symbol('OidcKeys');

/**
 * Sign-in: with local accounts through the embedded OpenID Connect provider, or with the external
 * issuer OIDC_ISSUER names (a Keycloak realm). Wiring only; the embedded provider's HTTP routes are
 * mounted on Fastify by `mountOidcProvider` (see that file), and only when there is no OIDC_ISSUER.
 */
@Module({
  controllers: [AuthConfigController],
  providers: [
    Accounts,
    SignInInteraction,
    ExpiredOidcPayloadSweeper,
    { provide: OIDC_KEYS, useFactory: (db: SqlClient) => loadOrCreateOidcKeys(db), inject: [SQL_CLIENT] },
    {
      provide: Provider,
      useFactory: (config: Config, db: SqlClient, accounts: Accounts, keys: OidcKeys, logger: Logger) =>
        createEmbeddedOidcProvider({ publicUrl: config.PUBLIC_URL, allowDevOrigin: config.NODE_ENV !== 'production', db, accounts, keys, logger }),
      inject: [CONFIG, SQL_CLIENT, Accounts, OIDC_KEYS, LOGGER],
    },
    {
      provide: AccessTokenVerifier,
      useFactory: (config: Config, keys: OidcKeys) =>
        config.OIDC_ISSUER
          ? new AccessTokenVerifier({
              issuer: config.OIDC_ISSUER,
              audience: { clientId: config.OIDC_CLIENT_ID },
              keys: discoveredKeySet(config.OIDC_ISSUER),
            })
          : new AccessTokenVerifier({
              issuer: embeddedIssuer(config.PUBLIC_URL),
              audience: { api: apiAudience(config.PUBLIC_URL) },
              keys: createLocalJWKSet(publicKeySet(keys.signing)),
            }),
      inject: [CONFIG, OIDC_KEYS],
    },
  ],
  exports: [Accounts, AccessTokenVerifier],
})
export class AuthModule {}
