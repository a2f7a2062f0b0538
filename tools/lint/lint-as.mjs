// Lints a fixture's text as if it lived at another path, with the tree's own eslint.config.mjs, and
// prints what ESLint reports as JSON: `node tools/lint/lint-as.mjs <fixture> <path> [<fixture> <path> …]`.
// A child process of the boundary spec, because ESLint loads its config as an ES module.
import { readFile } from 'node:fs/promises';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';

// Nx's boundary rule reads the cached project graph and skips itself without one: make it first.
await createProjectGraphAsync({ exitOnError: true });
const eslint = new ESLint();
const pairs = process.argv.slice(2);
const reports = [];
for (let i = 0; i < pairs.length; i += 2) {
  const [result] = await eslint.lintText(await readFile(pairs[i], 'utf8'), { filePath: pairs[i + 1], warnIgnored: true });
  reports.push({ fixture: pairs[i], messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })) });
}
process.stdout.write(JSON.stringify(reports));
