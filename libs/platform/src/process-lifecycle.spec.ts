import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failedStartMessage } from './process-lifecycle';

describe('a process that could not start', () => {
  it('says which port is taken and how to choose another, without a stack', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const second = createServer();
    const error = await new Promise<unknown>((resolve) => second.once('error', resolve).listen(port, '127.0.0.1'));
    taken.close();

    const message = failedStartMessage('The server', error);
    expect(message).toBe(
      `The server could not start: port ${port} is already in use, by another copy of QR Platform or another program. ` +
        'Stop that one, or choose another port, e.g. PORT=3001 npm start.',
    );
  });

  it('gives any other failure with its stack', () => {
    expect(failedStartMessage('The worker', new Error('boom'))).toMatch(/^The worker could not start: Error: boom\n\s+at /);
  });
});
