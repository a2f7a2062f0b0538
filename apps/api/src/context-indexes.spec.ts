import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Contexts import each other through their index.ts, and an index may close a circle of imports
 * (the codes list narrowed to a folder asks folders for it, while folders count their codes through
 * codes' reads). Nest reads a provider's constructor types when its class is defined, so a circle
 * entered at an unlucky file leaves an injection token undefined, or throws while loading. Whichever
 * index a process loads first, the whole API must then load with every dependency defined.
 */
const root = __dirname;

const indexes = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'index.ts')))
  .map((entry) => `${entry.name}/index.ts`);

// Entry points start a process when loaded; specs' helpers are no part of the running API.
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.ts$/.test(file) && !/\.(spec|fixture)\.ts$/.test(file) && !file.startsWith('testing') && !['main.ts', join('cli', 'cli.main.ts')].includes(file),
);

/** Nest's own record of the tokens named with `@Inject(…)`, by constructor parameter. */
const SELF_DECLARED_DEPS = 'self:paramtypes';
const MODULE_LISTS = ['imports', 'providers', 'controllers', 'exports'] as const;

/** What Nest could not wire in the modules loaded: an undefined entry of a module's lists, or a constructor parameter of a listed class with no class and no token named. */
function unwirable(loaded: ReadonlyMap<string, Record<string, unknown>>): string[] {
  const found: string[] = [];
  const classes = new Map<unknown, string>();
  for (const [file, exported] of loaded) {
    for (const [name, value] of Object.entries(exported)) {
      for (const list of MODULE_LISTS) {
        const entries: unknown[] | undefined = typeof value === 'function' ? Reflect.getMetadata(list, value) : undefined;
        entries?.forEach((entry, index) => {
          if (entry === undefined) found.push(`${file}: ${name}'s ${list}[${index}] is undefined`);
          else if (typeof entry === 'function' && list !== 'imports' && list !== 'exports') classes.set(entry, `${file}: ${name}'s ${entry.name}`);
        });
      }
    }
  }
  for (const [type, where] of classes) {
    const parameters: unknown[] = Reflect.getMetadata('design:paramtypes', type as object) ?? [];
    const named: { index: number }[] = Reflect.getMetadata(SELF_DECLARED_DEPS, type as object) ?? [];
    parameters.forEach((parameter, index) => {
      if ((parameter === undefined || parameter === Object) && !named.some((dependency) => dependency.index === index))
        found.push(`${where}, parameter ${index}`);
    });
  }
  return found;
}

describe("each context's index", () => {
  it('finds the indexes', () => {
    expect(indexes).toEqual(expect.arrayContaining(['codes/index.ts', 'identity/index.ts', 'folders/index.ts']));
  });

  it.each(indexes)('loaded first, %s leaves every provider of the API its dependencies', (index) => {
    const loaded = new Map<string, Record<string, unknown>>();
    jest.isolateModules(() => {
      for (const file of [index, ...sources]) loaded.set(file, jest.requireActual(join(root, file)));
    });
    expect(unwirable(loaded)).toEqual([]);
  });
});
