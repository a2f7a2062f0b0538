/**
 * Names and addresses are typed by the organization and may be one long word (a 60-character name, a
 * tracking URL): unbroken, one pushed a 375 px phone's page to 1311 px, zoomed out and hard to tap.
 */
export const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;
