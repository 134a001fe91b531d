/** `text` as a literal inside a RegExp source: every character that means something to a pattern is escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
