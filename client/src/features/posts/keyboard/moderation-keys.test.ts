import { describe, expect, it } from 'vitest';
import { commandOf, isTypingTarget, nextId } from './moderation-keys';

const press = (key: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) =>
  commandOf({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('moderation keys', () => {
  it('reads j, k, Enter, e, x, p, r, a and ? on the page', () => {
    expect(press('j')).toEqual({ type: 'move', by: 1 });
    expect(press('k')).toEqual({ type: 'move', by: -1 });
    expect(press('Enter')).toEqual({ type: 'open' });
    expect(press('e')).toEqual({ type: 'edit' });
    expect(press('x')).toEqual({ type: 'select' });
    expect(press('p')).toEqual({ type: 'status', status: 'published' });
    expect(press('r')).toEqual({ type: 'status', status: 'draft' });
    expect(press('a')).toEqual({ type: 'status', status: 'archived' });
    expect(press('?')).toEqual({ type: 'help' });
    expect(press('z')).toBeNull();
    expect(press('j', document.body, { ctrlKey: true })).toBeNull();
  });

  it('never acts while typing in a field, and leaves Enter to links and buttons', () => {
    const text = document.createElement('input');
    const box = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const area = document.createElement('textarea');
    const link = document.createElement('a');
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(area)).toBe(true);
    expect(isTypingTarget(box)).toBe(false);
    expect(press('j', text)).toBeNull();
    expect(press('p', area)).toBeNull();
    expect(press('x', box)).toEqual({ type: 'select' });
    expect(press('Enter', link)).toBeNull();
    expect(press('j', link)).toEqual({ type: 'move', by: 1 });
  });

  it('moves within the list and stops at its ends', () => {
    expect(nextId([4, 5, 6], null, 1)).toBe(4);
    expect(nextId([4, 5, 6], null, -1)).toBe(6);
    expect(nextId([4, 5, 6], 5, 1)).toBe(6);
    expect(nextId([4, 5, 6], 6, 1)).toBe(6);
    expect(nextId([4, 5, 6], 4, -1)).toBe(4);
    expect(nextId([], 4, 1)).toBeNull();
  });
});
