import { isTransient } from './transient-errors';

const withCode = (code: string, base: Error = new Error('failed')) => Object.assign(base, { code });

describe('isTransient: whether a failed batch is tried again rather than dead-lettered', () => {
  it.each([
    ['PostgreSQL refused the connection', withCode('ECONNREFUSED')],
    ['a socket was cut', withCode('EPIPE')],
    ['the server is shutting down', withCode('57P01')],
    ['a connection exception', withCode('08006')],
    ['a deadlock between two workers', withCode('40P01')],
    ['a serialization failure', withCode('40001')],
    ['ClickHouse ran out of memory', withCode('241')],
    ['a client error without a code (connection terminated, a timeout)', new Error('Connection terminated unexpectedly')],
    ['a wrapped network error', new Error('insert failed', { cause: withCode('ECONNRESET') })],
  ])('retries when %s', (_, error) => expect(isTransient(error)).toBe(true));

  it.each([
    ['a NOT NULL violation a message caused', withCode('23502')],
    ['a value the column type refuses', withCode('22P02')],
    ['ClickHouse could not parse the row', withCode('27')],
    ['the handler met data it cannot read', new TypeError("Cannot read properties of undefined (reading 'org_id')")],
  ])('blames the message when %s', (_, error) => expect(isTransient(error)).toBe(false));
});
