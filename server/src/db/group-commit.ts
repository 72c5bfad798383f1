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
 */
export function groupCommit<T, R>(
  tx: RunInTransaction,
  write: (trx: Trx, item: T) => Promise<R>,
  options: GroupCommitOptions<T>,
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let open = 0;

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      const results = await tx(async (trx) => {
        const done: R[] = [];
        for (const entry of group) done.push(await write(trx, entry.item));
        return done;
      });
      group.forEach((entry, i) => entry.resolve(results[i]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const entry of group) await tx((trx) => write(trx, entry.item)).then(entry.resolve, entry.reject);
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
