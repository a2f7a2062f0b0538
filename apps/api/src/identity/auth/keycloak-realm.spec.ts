import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@qr/platform';
import { dependenciesOf, environmentOf, readComposeFile, serviceIn, settingOf } from '../../testing/compose-file';

const ROOT = join(__dirname, '../../../../..');
const realm = JSON.parse(readFileSync(join(ROOT, 'apps/api/keycloak/qr-platform-realm.json'), 'utf8'));
const compose = readComposeFile();

interface RealmClient {
  clientId: string;
  publicClient: boolean;
  standardFlowEnabled: boolean;
  implicitFlowEnabled: boolean;
  directAccessGrantsEnabled: boolean;
  redirectUris: string[];
  webOrigins: string[];
  attributes: Record<string, string>;
  protocolMappers: { protocolMapper: string; config: Record<string, string> }[];
}

describe('the Keycloak realm docker-compose.yml imports', () => {
  const client = (realm.clients as RealmClient[]).find((c) => c.clientId === 'qr-web')!;

  it('has the web app as a public client signing in with the code flow and PKCE S256 only', () => {
    expect(client).toMatchObject({ publicClient: true, standardFlowEnabled: true, implicitFlowEnabled: false, directAccessGrantsEnabled: false });
    expect(client.attributes['pkce.code.challenge.method']).toBe('S256');
    expect(client.redirectUris).toEqual(['http://localhost:3000/*']);
    expect(client.webOrigins).toEqual(['http://localhost:3000']);
  });

  it('puts the client in the access token’s audience, as the API checks', () => {
    expect(client.protocolMappers).toContainEqual(
      expect.objectContaining({
        protocolMapper: 'oidc-audience-mapper',
        config: expect.objectContaining({ 'included.client.audience': 'qr-web', 'access.token.claim': 'true' }),
      }),
    );
  });

  it('locks an account after 5 failures for 15 minutes and keeps a session 1 day, like the embedded provider and spec §9', () => {
    expect(realm).toMatchObject({ bruteForceProtected: true, failureFactor: 5, waitIncrementSeconds: 900, ssoSessionMaxLifespan: 86_400 });
    expect(realm).toMatchObject({ registrationAllowed: true, registrationEmailAsUsername: true });
  });

  it('is imported by the compose file, whose API trusts that realm under the same issuer URL the browser sees', () => {
    const [keycloak, api] = [serviceIn(compose, 'keycloak'), serviceIn(compose, 'api')];
    expect(keycloak.image).toMatch(/^quay\.io\/keycloak\/keycloak:26\.\d+\.\d+$/);
    expect(keycloak.command).toContain('--import-realm');
    expect(keycloak.volumes).toContain('./apps/api/keycloak/qr-platform-realm.json:/opt/keycloak/data/import/qr-platform-realm.json:ro');
    const issuerBase = settingOf(keycloak, 'KC_HOSTNAME');
    expect(keycloak.networks?.default?.aliases).toContain(new URL(issuerBase).hostname);
    expect(settingOf(api, 'OIDC_ISSUER')).toBe(`${issuerBase}/realms/${realm.realm}`);
    expect(settingOf(api, 'OIDC_CLIENT_ID')).toBe(client.clientId);
    expect(dependenciesOf(api).get('keycloak')).toBe('service_healthy');
    // The values, with compose's `${VAR:-default}` defaults, pass the API's own configuration check.
    expect(loadConfig(environmentOf(api))).toMatchObject({ OIDC_ISSUER: settingOf(api, 'OIDC_ISSUER'), OIDC_CLIENT_ID: 'qr-web' });
  });
});
