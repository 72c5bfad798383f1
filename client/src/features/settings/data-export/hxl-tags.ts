/** `#adm1+name+code` -> the tag and its attributes; null when it is not an HXL hashtag. */
export function parseHxlTag(text: string): { tag: string; attributes: string[] } | null {
  const trimmed = text.trim().toLowerCase();
  if (!/^#[a-z][a-z0-9_]*(\+[a-z][a-z0-9_]*)*$/.test(trimmed)) return null;
  const [tag, ...attributes] = trimmed.split('+');
  return { tag: tag!, attributes: attributes.map((a) => `+${a}`) };
}
