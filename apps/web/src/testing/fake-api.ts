import { DEFAULT_THEME_STYLE } from '@qr/contracts';

/** A stand-in for the API in jsdom tests: `fetch` answered by a function of path and request. */
export interface FakeResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: Headers;
  json: () => Promise<unknown>;
  blob: () => Promise<Blob>;
}

export const reply = (status: number, body?: unknown, headers: Record<string, string> = {}): FakeResponse => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: '',
  headers: new Headers(headers),
  json: async () => body,
  blob: async () => new Blob([typeof body === 'string' ? body : JSON.stringify(body ?? null)]),
});

export type FakeApi = jest.Mock<Promise<FakeResponse>, [string, RequestInit?]>;

/** Installs the fake as the global fetch; paths the answer function leaves undefined get 404. */
export function installFakeApi(answer: (path: string, method: string, body: unknown) => FakeResponse | undefined): FakeApi {
  const fake: FakeApi = jest.fn(async (path: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return answer(path, init?.method ?? 'GET', body) ?? reply(404, { title: 'Not Found', code: 'not_found' });
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return fake;
}

/** The requests made with a given method, as [path, parsed JSON body]. */
export function requestsOf(fake: FakeApi, method: string): [string, unknown][] {
  return fake.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([path, init]) => [path, typeof init?.body === 'string' ? JSON.parse(init.body) : undefined]);
}

/** The one organisation most screens' specs sign in to. */
export const ACME_ORG_ID = '0a000000-0000-4000-8000-000000000001';

/** `GET /api/v1/organizations` answering Acme alone, with the caller's role in it. */
export const acmeOrganizations = (role: string, time_zone = 'Europe/London'): FakeResponse =>
  reply(200, [{ organization_id: ACME_ORG_ID, organization_name: 'Acme', organization_logo: null, time_zone, brand_kit: DEFAULT_THEME_STYLE, role }]);
