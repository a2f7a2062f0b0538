// `npm start`: builds the API and the web app when their sources changed (Nx's cache makes an
// unchanged build a no-op), then runs the built server in this very process, as production does.
// The server is not an Nx continuous task: Nx lets one process own such a task per checkout, so a
// second start (another PORT and DATA_DIR) waited forever for the first. Two starts at once build
// one after the other, so neither serves a web app the other is halfway through writing.
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const lockFile = join(root, 'dist', '.build.lock');

build();
process.env.NODE_ENV = 'production';
require(join(root, 'dist/apps/api/src/main.js'));

function build() {
  holdBuildLock();
  try {
    const nx = require.resolve('nx/bin/nx.js', { paths: [root] });
    const result = spawnSync(process.execPath, [nx, 'run-many', '-t', 'build', '-p', 'api', 'web', '--output-style=stream'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } finally {
    rmSync(lockFile, { force: true });
  }
}

/** Waits while another start is building (its process alive); a lock left by a killed one is taken over. */
function holdBuildLock() {
  mkdirSync(dirname(lockFile), { recursive: true });
  // Written whole under a name of its own, then linked in place: a waiter never reads a half-written lock.
  const mine = `${lockFile}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(mine, lockFile);
        return;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const owner = Number(readText(lockFile));
      if (!isAlive(owner)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (!told) console.log(`Waiting for the build another npm start runs (process ${owner})…`);
      told = true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
