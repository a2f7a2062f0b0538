// Prints every internal file that one context imports from another today, in the shape of
// context-allowlist.mjs, and which of the list's entries nothing reaches any more:
// `node tools/lint/reached-internals.mjs`. For shrinking the list, and for checking it after a move.
import boundaries from 'eslint-plugin-boundaries';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { reachedInternals } from './context-allowlist.mjs';
import { contextBoundariesAllowing, contextRoots } from './context-boundaries.mjs';

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser }, plugins: { boundaries } }, ...contextBoundariesAllowing({})],
});
const results = await eslint.lintFiles(contextRoots.map(({ root }) => root));

const reached = {};
for (const { messages } of results) {
  for (const { ruleId, message } of messages) {
    const found = ruleId === 'boundaries/dependencies' && /^A context in (\S+) .*, and (\S+) is internal to (\S+):/.exec(message);
    if (!found) continue;
    const [, root, file, context] = found;
    const { type } = contextRoots.find((candidate) => candidate.root === root);
    ((reached[type] ??= {})[context] ??= new Set()).add(file);
  }
}

const quoted = (name) => (/^[a-z]+$/.test(name) ? name : `'${name}'`);
console.log('export const reachedInternals = {');
for (const { type } of contextRoots) {
  console.log(`  '${type}': {`);
  for (const context of Object.keys(reached[type] ?? {}).sort()) {
    const files = [...reached[type][context]].sort().map((file) => `'${file}'`);
    console.log(`    ${quoted(context)}: [${files.join(', ')}],`);
  }
  console.log('  },');
}
console.log('};');

const unreached = Object.entries(reachedInternals).flatMap(([type, contexts]) =>
  Object.entries(contexts).flatMap(([context, files]) =>
    files.filter((file) => !reached[type]?.[context]?.has(file)).map((file) => `${type} ${context}/${file}`),
  ),
);
if (unreached.length) console.log(`\n// Listed but no longer reached, to delete:\n${unreached.map((entry) => `//   ${entry}`).join('\n')}`);
