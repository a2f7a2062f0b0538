// Lighthouse on Debian's Chromium, run by plain Node: under tsx, the functions Lighthouse sends into
// the page carry esbuild's `__name` helper, which the page does not have. Prints the scores as JSON.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [url, flags] = process.argv.slice(2);
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: JSON.parse(flags) });
try {
  // Lighthouse's defaults: the mobile preset, with its simulated throttling.
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const { categories, audits } = result.lhr;
  const below = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id} ${audit.score} ${audit.displayValue ?? ''}`.trim());
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  console.log(JSON.stringify({ performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), below }));
} finally {
  chrome.kill();
}
