import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 10;

/**
 * A new code id: 10 characters of base 62 (about 59 bits), drawn from the CSPRNG so ids cannot be
 * guessed or enumerated from printed codes. Short ids keep the encoded URL, and so the QR, small.
 */
export function newCodeId(): string {
  let id = '';
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
