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
  'type:runner': ['type:contracts', 'type:domain', 'type:eventstore', 'type:platform'],
  // The one package that lists every projection, so that neither the runner nor a projection does.
  'type:registry': ['type:contracts', 'type:domain', 'type:eventstore', 'type:platform', 'type:projection', 'type:runner'],
  'type:app': ['type:contracts', 'type:domain', 'type:eventstore', 'type:platform', 'type:render', 'type:projection', 'type:runner', 'type:registry'],
};

/** The browser bundle takes only what runs in a browser. */
const webOnly = { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:render'] };

function constraints(extra = {}) {
  return [
    ...Object.entries(layers).map(([sourceTag, allowed]) => ({ sourceTag, onlyDependOnLibsWithTags: [...allowed, ...(extra[sourceTag] ?? [])] })),
    webOnly,
  ];
}

// The web app reads its version from the root package.json, which belongs to no project.
const rootPackageJson = '^(\\.\\./)+package\\.json$';

function rule(depConstraints) {
  return ['error', { allow: [rootPackageJson], depConstraints }];
}

export const projectBoundaries = [
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@nx/enforce-module-boundaries': rule(constraints()) },
  },
  {
    // A projection's spec runs it through the runner's testbed; the projection itself never imports the runner.
    files: ['projections/*/src/**/*.spec.ts'],
    rules: { '@nx/enforce-module-boundaries': rule(constraints({ 'type:projection': ['type:runner'] })) },
  },
];
