import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const CUSTOMERS = '/api/v1/customers';

describe('customers filtered by a code', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let orgId: string;
  let ourCode: string;
  let theirCode: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'customers-code-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'customers-code-stranger@example.com'));
    orgId = await createOrganization(owner, 'Ours');
    const theirOrg = await createOrganization(stranger, 'Theirs');
    ourCode = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Ours', type: 'page' })).json().code_id;
    theirCode = (await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Theirs', type: 'page' })).json().code_id;
  });
  afterAll(() => t.close());

  it('says another organisation’s code, or one that does not exist, is not found, rather than that it has no customers', async () => {
    for (const codeId of [theirCode, 'AAAAAAAAAA']) {
      const res = await owner('GET', `${CUSTOMERS}?org_id=${orgId}&code_id=${codeId}`);
      expect([codeId, res.statusCode, res.json().code]).toEqual([codeId, 404, 'code_not_found']);
    }
  });

  it('lists no one for the organisation’s own code that nobody has used yet', async () => {
    const res = await owner('GET', `${CUSTOMERS}?org_id=${orgId}&code_id=${ourCode}`);
    expect([res.statusCode, res.json().total]).toEqual([200, 0]);
  });
});
