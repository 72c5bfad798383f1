import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test/harness';
import { createDialogs, DISMISSED_KEY } from './dialogs';

describe('automatic dialogs closed with "Later" or "Skip"', () => {
  it('stay closed on the next page load of the same login', () => {
    const storage = memoryStorage();
    createDialogs(storage).dismiss('adminSetup');
    const nextLoad = createDialogs(storage);
    expect(nextLoad.getSnapshot().dismissed).toEqual(['adminSetup']);
  });

  it('may open again after the next login or logout', () => {
    const storage = memoryStorage();
    const dialogs = createDialogs(storage);
    dialogs.dismiss('firstLogin');
    dialogs.dismiss('firstLogin');
    expect(dialogs.getSnapshot().dismissed).toEqual(['firstLogin']);
    dialogs.resetDismissed();
    expect(dialogs.getSnapshot().dismissed).toEqual([]);
    expect(createDialogs(storage).getSnapshot().dismissed).toEqual([]);
  });

  it('ignore what they do not know in storage', () => {
    expect(createDialogs(memoryStorage({ [DISMISSED_KEY]: '["adminSetup","other"]' })).getSnapshot().dismissed).toEqual(['adminSetup']);
    expect(createDialogs(memoryStorage({ [DISMISSED_KEY]: '{not json' })).getSnapshot().dismissed).toEqual([]);
  });
});
