import { source as axeSource } from 'axe-core';
import type { Page } from 'playwright-core';

/** Where the journeys leave their screens for whoever reviews them. */
export const SHOTS = '/tmp/walk';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

/**
 * What axe (WCAG 2.1 A and AA) finds critical or serious on the page as it is now, each with where;
 * inside `scope` only when given (a journey's own part of a screen the accessibility suite covers).
 */
export async function blockingViolations(page: Page, scope?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ scope, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const { violations } = await axe.run(scope === null ? document : { include: [scope] }, { runOnly: { type: 'tag', values: tags } });
      return violations.map(({ id, impact, nodes }) => ({ id, impact: impact ?? 'minor', where: nodes.map((node) => node.target.join(' ')).join(', ') }));
    },
    { scope: scope ?? null, tags: WCAG_21_AA },
  );
  return violations.filter(({ impact }) => BLOCKING.has(impact)).map(({ id, impact, where }) => `${impact} ${id}: ${where}`);
}

/** Whether the page fits its viewport's width: nothing to scroll sideways. */
export const fitsWidth = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The screen as it is now: pictured for review at `${SHOTS}/${name}.png`, fitting its width, without a blocking axe violation. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  expect(await fitsWidth(page)).toBe(true);
  expect(await blockingViolations(page)).toEqual([]);
}
