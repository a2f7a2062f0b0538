import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum):
 * slow enough to make guessing costly, quick enough for a sign-in. The options are left to the
 * library on purpose: its `Algorithm` enum is a TypeScript const enum that our per-file compiler
 * cannot inline, and argon2id is its default.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown email: otherwise
 * the quicker answer would tell an attacker which emails have accounts.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'));
  await verify(await dummyHash, password);
}
