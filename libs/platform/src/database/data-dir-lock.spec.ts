import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qr-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second server on the same embedded data directory', () => {
    writeFileSync(join(dir, 'app.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that died, and releases it on close', () => {
    writeFileSync(join(dir, 'app.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(join(dir))).not.toThrow();
    release();
  });
});
