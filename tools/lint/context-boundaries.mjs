// Bounded contexts inside a project: a folder per context. A context imports another context only
// through its public surface: the folder's index.ts, and in the API also its Nest module
// (<context>.module.ts, whose exports are the providers it offers) and the fixtures it lends other
// contexts' specs (*.fixture.ts). Anything else in the folder is internal. Shared folders (http,
// testing, …) are no context and stay open to all.
import { reachedInternals } from './context-allowlist.mjs';

/** Where contexts live, and the folders beside them that are shared, not contexts: any other folder there is a context. */
export const contextRoots = [
  { type: 'api-context', root: 'apps/api/src', shared: ['http', 'testing', 'cli'], publicFiles: ['index.ts', '*.module.ts', '*.fixture.ts'] },
  { type: 'web-context', root: 'apps/web/src/features', shared: [], publicFiles: ['index.ts', 'index.tsx'] },
  { type: 'domain-context', root: 'libs/domain/src', shared: ['testing'], publicFiles: ['index.ts'] },
];

const elements = contextRoots.flatMap(({ type, root, shared }) => [
  // Shared folders are no context; neither are the files at the root (composition, shared wiring),
  // which no descriptor matches.
  ...(shared.length ? [{ type: 'shared', pattern: shared.map((folder) => `${root}/${folder}`) }] : []),
  { type, pattern: `${root}/*`, capture: ['context'] },
]);

function internalsMessage(type, root) {
  const surface = type === 'api-context' ? 'its index.ts, its Nest module or its fixtures' : 'its index.ts';
  return (
    `A context in ${root} imports another context only through ${surface}, and {{to.element.fileInternalPath}} is internal to {{to.element.captured.context}}: ` +
    'export what you need from there (while it moves, tools/lint/context-allowlist.mjs may list the file).'
  );
}

/** The context rules, letting each context's listed internals through (`allowed`: the allow-list's shape). */
export function contextBoundariesAllowing(allowed) {
  const policies = contextRoots.flatMap(({ type, root, publicFiles }) => [
    { from: { element: { type } }, disallow: { to: { element: { type } } }, message: internalsMessage(type, root) },
    { from: { element: { type } }, allow: { to: { element: { type, fileInternalPath: publicFiles } } } },
    ...Object.entries(allowed[type] ?? {}).map(([context, files]) => ({
      from: { element: { type } },
      allow: { to: { element: { type, captured: { context }, fileInternalPath: files } } },
    })),
  ]);

  return [
    {
      files: contextRoots.map(({ root }) => `${root}/**/*.{ts,tsx}`),
      settings: {
        'boundaries/elements': elements,
        'import/resolver': { typescript: { project: ['tsconfig.json', 'apps/web/tsconfig.json'], noWarnOnMultipleProjects: true } },
      },
      rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies }] },
    },
  ];
}

export const contextBoundaries = contextBoundariesAllowing(reachedInternals);
