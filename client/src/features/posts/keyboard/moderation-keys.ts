import type { PostStatus } from '@platform/shared';

/** The moderation keys (issue 29): one place for the handler and the `?` help dialog. */
export const MODERATION_KEYS = [
  { key: 'j', label: 'post.keys.next' },
  { key: 'k', label: 'post.keys.previous' },
  { key: 'Enter', label: 'post.keys.open' },
  { key: 'e', label: 'post.keys.edit' },
  { key: 'x', label: 'post.keys.select' },
  { key: 'p', label: 'post.keys.publish' },
  { key: 'r', label: 'post.keys.review' },
  { key: 'a', label: 'post.keys.archive' },
  { key: '?', label: 'post.keys.help' },
] as const;

export type ModerationCommand =
  | { type: 'move'; by: 1 | -1 }
  | { type: 'open' }
  | { type: 'edit' }
  | { type: 'select' }
  | { type: 'status'; status: PostStatus }
  | { type: 'help' };

const STATUS_KEYS: Record<string, PostStatus> = { p: 'published', r: 'draft', a: 'archived' };

/** Where typing goes: the keys never act there (a search box, a reply, the editor). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable="true"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>;

/**
 * What a key press asks for, or null when it is not one of ours: modified keys, keys typed into a
 * field, and Enter on a link or button (which already does its own thing) are left alone.
 */
export function commandOf(event: KeyLike): ModerationCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  switch (event.key) {
    case 'j':
      return { type: 'move', by: 1 };
    case 'k':
      return { type: 'move', by: -1 };
    case 'Enter':
      return event.target instanceof HTMLElement && event.target.closest('a, button, summary') ? null : { type: 'open' };
    case 'e':
      return { type: 'edit' };
    case 'x':
      return { type: 'select' };
    case '?':
      return { type: 'help' };
    default: {
      const status = STATUS_KEYS[event.key];
      return status ? { type: 'status', status } : null;
    }
  }
}

/** The card after (or before) `current` in the list; the first (or last) one when none is current. */
export function nextId(ids: readonly number[], current: number | null, by: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return by === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + by))]!;
}
