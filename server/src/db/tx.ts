import type { Db, Trx } from './database';

const hooks = new WeakMap<Trx, Array<() => void>>();

/** Runs `fn` once the surrounding transaction has committed; never when it rolls back. */
export function afterCommit(trx: Trx, fn: () => void): void {
  hooks.get(trx)?.push(fn);
}

export type RunInTransaction = <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>;

/**
 * The one way services open a transaction: after commit it wakes the event reader (NOTIFY does
 * not cross the embedded database's socket) and runs the transaction's after-commit hooks.
 */
export function createTx(db: Db, onCommit: () => void): RunInTransaction {
  return async (fn) => {
    const pending: Array<() => void> = [];
    const result = await db.transaction().execute(async (trx) => {
      hooks.set(trx, pending);
      return fn(trx);
    });
    onCommit();
    for (const hook of pending) hook();
    return result;
  };
}
