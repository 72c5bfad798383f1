import { describe, expect, it } from 'vitest';
import type { Trx } from './database';
import { groupCommit } from './group-commit';
import type { RunInTransaction } from './tx';

/**
 * A stand-in transaction runner that keeps what a transaction wrote only if it committed, holds
 * each commit until released, and records the groups it saw.
 */
function ledger() {
  const committed: string[] = [];
  const groups: string[][] = [];
  const gates: Array<() => void> = [];
  let open = 0;
  let mostOpen = 0;
  const writes = new WeakMap<object, string[]>();
  const tx: RunInTransaction = async (fn) => {
    const trx = {} as Trx;
    writes.set(trx, []);
    open++;
    mostOpen = Math.max(mostOpen, open);
    try {
      const result = await fn(trx);
      await new Promise<void>((resolve) => gates.push(resolve));
      groups.push(writes.get(trx)!);
      committed.push(...writes.get(trx)!);
      return result;
    } finally {
      open--;
    }
  };
  const write = async (trx: Trx, item: string) => {
    if (item.startsWith('bad')) throw new Error(`refused ${item}`);
    writes.get(trx)!.push(item);
    return `stored ${item}`;
  };
  /** Lets every transaction waiting to commit go on, until none is left. */
  const releaseAll = async () => {
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.splice(0).forEach((release) => release());
    }
  };
  return { tx, write, committed, groups, releaseAll, mostOpen: () => mostOpen };
}

describe('groupCommit', () => {
  it('writes a lone item at once and answers only after its commit', async () => {
    const l = ledger();
    const store = groupCommit(l.tx, l.write, { max: 50, atOnce: 2 });
    let answered = false;
    const result = store('a').then((r) => ((answered = true), r));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    await l.releaseAll();
    expect(await result).toBe('stored a');
    expect(l.groups).toEqual([['a']]);
  });

  it('writes what arrives meanwhile together, up to max per group and atOnce groups open', async () => {
    const l = ledger();
    const store = groupCommit(l.tx, l.write, { max: 3, atOnce: 2, order: (a, b) => a.localeCompare(b) });
    const items = ['a', 'b', 'h', 'g', 'f', 'e', 'd', 'c'];
    const results = Promise.all(items.map((item) => store(item)));
    await l.releaseAll();
    expect(await results).toEqual(items.map((item) => `stored ${item}`));
    // The first two arrive alone (a group each is open), the rest wait and go three at a time, sorted.
    expect(l.groups).toEqual([['a'], ['b'], ['f', 'g', 'h'], ['c', 'd', 'e']]);
    expect(l.mostOpen()).toBe(2);
    expect(l.committed.sort()).toEqual([...items].sort());
  });

  it('writes a failed group again one item at a time: the bad item fails alone and nothing is stored twice', async () => {
    const l = ledger();
    const store = groupCommit(l.tx, l.write, { max: 10, atOnce: 1 });
    const first = store('a');
    const rest = ['b', 'bad-c', 'd'].map((item) => store(item).then(String, (error: Error) => error.message));
    await l.releaseAll();
    expect(await first).toBe('stored a');
    expect(await Promise.all(rest)).toEqual(['stored b', 'refused bad-c', 'stored d']);
    expect(l.groups).toEqual([['a'], ['b'], ['d']]);
    expect(l.committed).toEqual(['a', 'b', 'd']);
  });
});
