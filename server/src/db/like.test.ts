import { describe, expect, it } from 'vitest';
import { likeContains } from './like';

describe('likeContains', () => {
  it.each([
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['C:\\dir', '%C:\\\\dir%'],
    ['Plain Text', '%Plain Text%'],
  ])('makes %j match itself anywhere: %j', (text, pattern) => {
    expect(likeContains(text)).toBe(pattern);
  });
});
