// The layers between Nx projects, by the `type:*` tag in each project.json. A project may import only
// the layers listed for it, so a lower layer importing a higher one fails `npm run lint`. Nx reads the
// tags and imports from its project graph: `npm run lint` refreshes it first.

/** Which layers each layer may import, lowest first. */
const layers = {
  'type:contracts': [],
  'type:platform': [],
  'type:domain': ['type:contracts'],
  'type:render': ['type:contracts'],
  'type:eventstore': ['type:contracts', 'type:platform'],
  'type:projection': ['type:contracts', 'type:domain', 'type:eventstore', 'type:platform'],
  'type:runner': ['type:contracts', 'type:domain', 'type:eventstore', 'type:platform', 'type:projection'],
  'type:app': ['type:contracts', 'type:domain', 'type:eventstore', 'type:platform', 'type:render', 'type:projection', 'type:runner'],
};

/** The browser bundle takes only what runs in a browser. */
const webOnly = { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:render'] };

/**
 * Allowed for now, to shrink: the projections still import `Projection` and its testbed from the
 * runner, which imports them back for its registry (issue 50 §3 moves `Projection` beside the event
 * store's port and the registry to the entry points). Remove a project from this list once it no
 * longer imports `@qr/projections-runner`.
 */
export const projectionsImportingRunner = ['analytics', 'codes', 'experiences', 'identity', 'pages'];

function constraints(extra = {}) {
  return [
    ...Object.entries(layers).map(([sourceTag, allowed]) => ({ sourceTag, onlyDependOnLibsWithTags: [...allowed, ...(extra[sourceTag] ?? [])] })),
    webOnly,
  ];
}

// The web app reads its version from the root package.json, which belongs to no project.
const rootPackageJson = '^(\\.\\./)+package\\.json$';

function rule(depConstraints, ignoredCircularDependencies = []) {
  return ['error', { allow: [rootPackageJson], depConstraints, ignoredCircularDependencies }];
}

const circleWithRunner = projectionsImportingRunner.map((name) => ['projections-runner', `projections-${name}`]);

export const projectBoundaries = [
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@nx/enforce-module-boundaries': rule(constraints(), circleWithRunner) },
  },
  {
    files: projectionsImportingRunner.map((name) => `projections/${name}/src/**`),
    rules: { '@nx/enforce-module-boundaries': rule(constraints({ 'type:projection': ['type:runner'] }), circleWithRunner) },
  },
];
