import { createHmac } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 10;
const BASE = BigInt(ALPHABET.length);

/**
 * The ids of a batch's codes, derived from its `OneTimeCodesIssued` seed: the n-th id is the
 * HMAC-SHA256 of n under the seed, as 10 base-62 characters (the shape of every code id, so the scan
 * route takes them). The event stays a few hundred bytes for 100,000 codes, and every replay, on
 * any server, materialises the same ids. About 59 bits each: a clash within 100,000 codes is about
 * one in 10^8, and with any of a million other codes about one in 10^6.
 */
export function oneTimeCodeIds(seed: string, amount: number): string[] {
  const key = Buffer.from(seed, 'base64url');
  const ids = new Array<string>(amount);
  for (let n = 0; n < amount; n++) {
    let value = createHmac('sha256', key).update(String(n)).digest().readBigUInt64BE(0);
    let id = '';
    for (let i = 0; i < LENGTH; i++) {
      id += ALPHABET[Number(value % BASE)];
      value /= BASE;
    }
    ids[n] = id;
  }
  return ids;
}
