import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  raw: Buffer;
}

export interface LocalSmtpServer {
  port: number;
  received: ReceivedEmail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port, keeping every message it accepts. A recipient in
 * `refused` gets the permanent 550 a mailbox that does not exist gets (RFC 5321 §4.2.2).
 */
export async function startSmtpServer(refused: readonly string[] = []): Promise<LocalSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.includes(address.address)) return callback();
      callback(Object.assign(new Error('5.1.1 <' + address.address + '>: Recipient address rejected: User unknown'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
