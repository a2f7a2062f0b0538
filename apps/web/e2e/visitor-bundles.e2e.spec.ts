import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { journeyPrerequisites, ROOT, WEB_DIST } from './journey-server';

// What a visitor downloads before any lazy route: an HTML page's entry script and the files it
// imports statically. Admin screens reach each other through the features' index files, which
// re-export them; this shows those re-exports pull no admin code into a visitor's downloads.
const { missing, describeJourney } = journeyPrerequisites('visitor bundles', { withApi: false });

const assets = join(WEB_DIST, 'assets');

function staticDownloads(page: string): string {
  const html = readFileSync(join(WEB_DIST, page), 'utf8');
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)">/.exec(html)?.[1];
  if (!entry) throw new Error(`${page} has no entry script`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = readFileSync(join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/(?<imported>[^"]+\.js)"/g);
    for (const { groups } of imports) if (groups?.imported) visit(groups.imported);
  };
  visit(entry);
  return [...seen].map((file) => readFileSync(join(assets, file), 'utf8')).join('\n');
}

// A text that each admin-only file holds, which a minifier keeps as it is; the landing page also
// leaves out the contracts' schemas, which the app's entry holds all of.
const adminUi = [
  { file: 'apps/web/src/features/organization/organization-switcher.tsx', text: 'Enter a name for your organisation.' },
  { file: 'apps/web/src/features/organization/terms-prompt.tsx', text: 'of the terms and accept them.' },
];
const downloads = [
  { page: 'index.html', leftOut: adminUi },
  { page: 'landing-page.html', leftOut: [...adminUi, { file: 'libs/contracts/src/folders.ts', text: 'Give the folder a name.' }] },
];

describeJourney('what a visitor downloads', () => {
  beforeAll(() => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
  });

  it.each(downloads)('$page holds no admin code', ({ page, leftOut }) => {
    const built = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    const downloaded = staticDownloads(page);
    for (const { file, text } of leftOut) {
      expect(readFileSync(join(ROOT, file), 'utf8')).toContain(text);
      expect(built).toContain(text);
      expect(downloaded).not.toContain(text);
    }
  });
});
