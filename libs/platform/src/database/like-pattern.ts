/** An ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` matched as themselves. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
