import Fastify from 'fastify';
import { createLogger } from './logger';

describe('request logs', () => {
  it('mask secret query values and credential headers in the request lines Fastify writes', async () => {
    const lines: string[] = [];
    const app = Fastify({ loggerInstance: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    app.get('/api/v1/blobs/:id', async () => 'ok');
    await app.inject({
      method: 'GET',
      url: '/api/v1/blobs/b1?org_id=o1&expires=1700000000&sig=SIGNATURE-VALUE&code=AUTH-CODE',
      headers: { authorization: 'Bearer TOKEN-VALUE' },
    });
    await app.close();

    const logged = lines.join('\n');
    expect(logged).toContain('/api/v1/blobs/b1?org_id=o1&expires=1700000000&sig=[redacted]&code=[redacted]');
    for (const secret of ['SIGNATURE-VALUE', 'AUTH-CODE', 'TOKEN-VALUE']) expect(logged).not.toContain(secret);
  });
});
