import type { Trx } from './database';
import type { RunInTransaction } from './tx';

export type GroupCommitOptions<T> = {
  /** Items written in one transaction at most. */
  max: number;
  /** Transactions of groups open at once. */
  atOnce: number;
  /** The order items are written in within a group (so that concurrent groups take their locks in one order). */
  order?: (a: T, b: T) => number;
};

/**
 * Group commit: items that arrive while earlier groups are being written are written together,
 * up to `max` in one transaction, and each caller's promise settles once that transaction has
 * committed (nothing is acknowledged before it is stored). A lone item is written at once. A group
 * that fails for any reason is written again one item per transaction, so one bad item fails alone.
 * Each item is written by its own `write` call, in arrival order (or `order`).
 */
export function groupCommit<T, R>(
  tx: RunInTransaction,
  write: (trx: Trx, item: T) => Promise<R>,
  options: GroupCommitOptions<T>,
): (item: T) => Promise<R> {
  return groupCommitMany(
    tx,
    async (trx, items) => {
      const done: Array<Settled<R>> = [];
      for (const item of items) done.push({ value: await write(trx, item) });
      return done;
    },
    options,
  );
}

/**
 * What a group writer answers for one item: its result, or the refusal of that item alone. A
 * refusal must leave the transaction usable (a check that failed before anything was written),
 * so that the group's other items still commit; any other failure is thrown and fails the group.
 */
export type Settled<R> = { value: R } | { refused: unknown };

/**
 * `groupCommit` with one `writeAll` call per group, for items whose writes are cheaper together
 * (one statement per table for the whole group). `writeAll` answers one `Settled` per item, in the
 * order given.
 */
export function groupCommitMany<T, R>(
  tx: RunInTransaction,
  writeAll: (trx: Trx, items: T[]) => Promise<Array<Settled<R>>>,
  options: GroupCommitOptions<T>,
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let open = 0;

  const settle = (entry: Waiting, outcome: Settled<R>) =>
    'value' in outcome ? entry.resolve(outcome.value) : entry.reject(outcome.refused);

  /** One transaction for `items`; the count of outcomes is checked before the commit, so a mismatch rolls back. */
  const write = (items: T[]) =>
    tx(async (trx) => {
      const outcomes = await writeAll(trx, items);
      if (outcomes.length !== items.length) throw new Error(`${items.length} items were answered with ${outcomes.length} outcomes`);
      return outcomes;
    });

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      const outcomes = await write(group.map((entry) => entry.item));
      group.forEach((entry, i) => settle(entry, outcomes[i]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const entry of group) await write([entry.item]).then((outcomes) => settle(entry, outcomes[0]!), entry.reject);
    }
  }

  function writeWaiting(): void {
    while (open < options.atOnce && waiting.length > 0) {
      const group = waiting.splice(0, options.max);
      if (options.order) group.sort((a, b) => options.order!(a.item, b.item));
      open++;
      void writeGroup(group).finally(() => {
        open--;
        writeWaiting();
      });
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      writeWaiting();
    });
}
