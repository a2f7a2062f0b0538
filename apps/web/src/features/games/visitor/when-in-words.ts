/** A moment as the player's phone says dates and times, as the loyalty card page says its own. */
export const whenInWords = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
