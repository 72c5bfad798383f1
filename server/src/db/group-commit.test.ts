import { describe, expect, it } from 'vitest';
import type { Trx } from './database';
import { groupCommit, groupCommitMany, type Settled } from './group-commit';
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

/** Each item's answer once settled: its result, or its error's message. */
const answersOf = (store: (item: string) => Promise<string>, items: string[]) =>
  Promise.all(items.map((item) => store(item).then(String, (error: Error) => error.message)));

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
    const rest = answersOf(store, ['b', 'bad-c', 'd']);
    await l.releaseAll();
    expect(await first).toBe('stored a');
    expect(await rest).toEqual(['stored b', 'refused bad-c', 'stored d']);
    expect(l.groups).toEqual([['a'], ['b'], ['d']]);
    expect(l.committed).toEqual(['a', 'b', 'd']);
  });

  describe('groupCommitMany', () => {
    /** Stores groups of up to 10, one at a time, each in one call: "no-…" items are refused alone, a "bad…" item fails the group. */
    function batchStore(l: ReturnType<typeof ledger>) {
      const calls: string[][] = [];
      const writeAll = async (trx: Trx, items: string[]): Promise<Array<Settled<string>>> => {
        calls.push([...items]);
        const outcomes: Array<Settled<string>> = [];
        for (const item of items) {
          if (item.startsWith('no-')) outcomes.push({ refused: new Error(`refused ${item}`) });
          else outcomes.push({ value: await l.write(trx, item) });
        }
        return outcomes;
      };
      return { calls, store: groupCommitMany(l.tx, writeAll, { max: 10, atOnce: 1 }) };
    }

    it('writes each group in one call, and a refused item fails alone while the rest of its group commits', async () => {
      const l = ledger();
      const batch = batchStore(l);
      const results = answersOf(batch.store, ['a', 'b', 'no-c', 'd']);
      await l.releaseAll();
      expect(await results).toEqual(['stored a', 'stored b', 'refused no-c', 'stored d']);
      expect(batch.calls).toEqual([['a'], ['b', 'no-c', 'd']]);
      expect(l.committed).toEqual(['a', 'b', 'd']);
    });

    it('writes a group that failed again one item per transaction, and one whose outcomes do not match its items is rolled back', async () => {
      const l = ledger();
      const batch = batchStore(l);
      const results = answersOf(batch.store, ['a', 'b', 'bad-c', 'd']);
      await l.releaseAll();
      expect(await results).toEqual(['stored a', 'stored b', 'refused bad-c', 'stored d']);
      expect(batch.calls).toEqual([['a'], ['b', 'bad-c', 'd'], ['b'], ['bad-c'], ['d']]);
      expect(l.committed).toEqual(['a', 'b', 'd']);

      const short = ledger();
      const lossy = groupCommitMany(short.tx, async (trx, items: string[]) => [{ value: await short.write(trx, items[0]!) }], {
        max: 10,
        atOnce: 1,
      });
      const both = answersOf(lossy, ['x', 'y', 'z']);
      await short.releaseAll();
      // ['y', 'z'] came back with one outcome: rolled back, then each written alone.
      expect(await both).toEqual(['stored x', 'stored y', 'stored z']);
      expect(short.groups).toEqual([['x'], ['y'], ['z']]);
    });
  });
});
