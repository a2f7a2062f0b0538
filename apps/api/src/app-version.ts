import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The product version shown to users (spec §1), from the root package.json: one place to change it. */
export const APP_VERSION: string = readRootPackage().version;

/** The nearest package.json above this file, from the sources and from dist/ alike. */
function readRootPackage(): { version: string } {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
}
