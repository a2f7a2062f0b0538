/**
 * Stands in for keycloak-js in jsdom tests (mapped in jest.config.js): no provider to talk to.
 * By default init signs Ada in; set `FakeKeycloak.signedIn = false` before rendering to start signed out.
 */
export default class FakeKeycloak {
  static signedIn = true;
  static instances: FakeKeycloak[] = [];

  authenticated = false;
  token: string | undefined;
  refreshToken: string | undefined;
  idToken: string | undefined;
  idTokenParsed: Record<string, unknown> | undefined;
  initOptions: Record<string, unknown> | undefined;
  loginCalls: unknown[] = [];
  logoutCalls: unknown[] = [];
  onAuthSuccess?: () => void;
  onAuthRefreshSuccess?: () => void;
  onAuthLogout?: () => void;

  constructor(readonly config: unknown) {
    FakeKeycloak.instances.push(this);
  }

  async init(options: Record<string, unknown>): Promise<boolean> {
    this.initOptions = options;
    if (FakeKeycloak.signedIn) {
      this.authenticated = true;
      this.token = 'access-token';
      this.refreshToken = 'refresh-token';
      this.idToken = 'id-token';
      this.idTokenParsed = { email: 'ada@example.com', name: 'Ada Lovelace' };
    }
    return this.authenticated;
  }

  async login(options?: unknown): Promise<void> {
    this.loginCalls.push(options);
  }

  async logout(options?: unknown): Promise<void> {
    this.logoutCalls.push(options);
  }

  async updateToken(): Promise<boolean> {
    return false;
  }

  clearToken(): void {
    this.authenticated = false;
    this.token = undefined;
  }
}
