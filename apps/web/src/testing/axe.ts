import axe from 'axe-core';

/** WCAG A and AA as the e2e accessibility suite checks them, less colour contrast, which jsdom cannot compute. */
export async function expectNoAxeViolations(container: HTMLElement): Promise<void> {
  const { violations } = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
