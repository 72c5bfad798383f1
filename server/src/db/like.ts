/**
 * `%text%` for LIKE and ILIKE, with the wildcards and the escape character of `text` escaped so
 * that a search for `50%` or `a_b` means those characters (Postgres' default escape is `\`).
 */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
