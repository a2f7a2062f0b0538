import { startTestApp } from '../testing/test-app';

describe('the home screen’s site facts', () => {
  it('names the short host from ALT_HOST, lower-cased, and null without it', async () => {
    for (const [env, expected] of [
      [{ ALT_HOST: 'QR.Example:8443' }, 'qr.example:8443'],
      [{}, null],
    ] as const) {
      const t = await startTestApp({ env });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/site' });
        expect([res.statusCode, res.json()]).toEqual([200, { alt_host: expected }]);
      } finally {
        await t.close();
      }
    }
  });
});
