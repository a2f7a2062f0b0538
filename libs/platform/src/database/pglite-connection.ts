import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/**
 * The connection node-postgres speaks to PGlite through, in place of the one PGlite ships
 * (`@electric-sql/pglite/node-postgres`), which hands PGlite each protocol message of a query in a
 * call of its own: parse, bind, describe, execute and sync, four or five passes into WebAssembly
 * and out, each with its own promise and its own parse of the replies. This one keeps a query's
 * extended-protocol messages until node-postgres asks for an answer (sync or flush), as a socket
 * would carry them, and hands them over together: each call into PGlite costs about the same
 * whatever the message carries (a describe of a portal does nothing more), so fewer calls is the
 * saving (docs/decisions/001-one-sql-dialect-two-engines.md). The messages
 * are written with node-postgres's own serializer, which copies a long parameter in one write
 * where PGlite's bundled copy went character by character.
 */
export class PgliteConnection extends EventEmitter {
  /** Read by node-postgres's Client.end(), which otherwise skips end(). */
  _connecting = false;
  /** node-postgres destroys the stream of a client ended with a query still active. */
  readonly stream = { destroy: () => this.end() };
  /** node-postgres keeps here which named statements the connection has prepared. */
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};

  private pending: Buffer[] = [];
  private queue: Promise<void>;

  constructor(private readonly pglite: PGlite) {
    super();
    this.queue = pglite.waitReady;
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  query(text: string): void {
    this.send(serialize.query(text));
  }

  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.pending.push(serialize.parse(query));
  }

  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.pending.push(serialize.bind(config));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.pending.push(serialize.describe(message));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.pending.push(serialize.execute(config));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    this.pending.push(serialize.close(message));
  }

  sync(): void {
    this.send(serialize.sync());
  }

  flush(): void {
    this.send(serialize.flush());
  }

  sendCopyFromChunk(chunk: Buffer): void {
    this.send(serialize.copyData(chunk));
  }

  endCopyFrom(): void {
    this.send(serialize.copyDone());
  }

  sendCopyFail(message: string): void {
    this.send(serialize.copyFail(message));
  }

  /** Like a socket closing: node-postgres waits for 'end'. PGlite stays open; the pool's next client connects again. */
  end(): void {
    this.queue = this.queue.then(() => void this.emit('end'));
    for (const event of this.eventNames()) this.removeAllListeners(event);
  }

  // What a socket needs and PGlite does not: no TLS, no password, nothing to cancel or keep alive.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}

  private send(last: Buffer): void {
    const message = this.pending.length === 0 ? last : Buffer.concat([...this.pending.splice(0), last]);
    this.queue = this.queue
      .then(() => this.pglite.execProtocolStream(message, { throwOnError: false }))
      .then((replies) => {
        for (const reply of replies) this.emit(reply.name === 'error' ? 'errorMessage' : reply.name, reply);
      })
      .catch((error: unknown) => void this.emit('error', error));
  }
}
