import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');

interface Report {
  fixture: string;
  messages: { ruleId: string | null; message: string }[];
}

/** Lints each fixture as a file at the given path of the tree, with the tree's own ESLint config. */
function lintAs(cases: Record<string, string>): Map<string, Report['messages']> {
  const args = Object.entries(cases).flatMap(([fixture, path]) => [`tools/lint/fixtures/${fixture}`, path]);
  const output = execFileSync(process.execPath, ['tools/lint/lint-as.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const reports = JSON.parse(output) as Report[];
  return new Map(reports.map(({ fixture, messages }) => [fixture.replace('tools/lint/fixtures/', ''), messages]));
}

const rules = (messages: Report['messages'] | undefined) => (messages ?? []).map(({ ruleId }) => ruleId);

describe('npm run lint keeps the boundaries', () => {
  let reported: Map<string, Report['messages']>;

  beforeAll(() => {
    reported = lintAs({
      'domain-imports-eventstore.ts': 'libs/domain/src/codes/lint-fixture.ts',
      'contracts-import-domain.ts': 'libs/contracts/src/lint-fixture.ts',
      'projection-imports-projection.ts': 'projections/experiences/src/lint-fixture.ts',
      'api-context-imports-internals.ts': 'apps/api/src/notes/lint-fixture.ts',
      'api-context-imports-module.ts': 'apps/api/src/notes/lint-fixture.ts',
      'api-context-imports-index.ts': 'apps/api/src/notes/lint-fixture.ts',
      'web-context-imports-internals.tsx': 'apps/web/src/features/notes/lint-fixture.tsx',
      'web-context-imports-index.tsx': 'apps/web/src/features/notes/lint-fixture.tsx',
      'domain-context-imports-internals.ts': 'libs/domain/src/notes/lint-fixture.ts',
      'domain-context-imports-index.ts': 'libs/domain/src/notes/lint-fixture.ts',
    });
  }, 120000);

  it('reports a lower layer importing a higher one', () => {
    expect(reported.get('domain-imports-eventstore.ts')).toEqual([
      { ruleId: '@nx/enforce-module-boundaries', message: 'A project tagged with "type:domain" can only depend on libs tagged with "type:contracts"' },
    ]);
    expect(rules(reported.get('contracts-import-domain.ts'))).toEqual(['@nx/enforce-module-boundaries']);
    expect(rules(reported.get('projection-imports-projection.ts'))).toEqual(['@nx/enforce-module-boundaries']);
  });

  it("reports a context importing another context's internals, in the API, the web app and the domain", () => {
    for (const fixture of ['api-context-imports-internals.ts', 'web-context-imports-internals.tsx', 'domain-context-imports-internals.ts']) {
      expect(rules(reported.get(fixture))).toEqual(['boundaries/dependencies']);
    }
    expect(reported.get('api-context-imports-internals.ts')?.[0]?.message).toMatch(
      /^A context in apps\/api\/src imports another context only through its index\.ts, its Nest module or its fixtures/,
    );
  });

  it("lets a context import another context's public surface", () => {
    expect(reported.get('api-context-imports-module.ts')).toEqual([]);
    expect(reported.get('api-context-imports-index.ts')).toEqual([]);
    expect(reported.get('web-context-imports-index.tsx')).toEqual([]);
    expect(reported.get('domain-context-imports-index.ts')).toEqual([]);
  });
});
