import type { StoredEvent } from '../events/events.repository';
import type { Db, Trx } from './database';

/** What a transaction's events say, as its commit hands them on (before any reader has read them). */
export type CommittedEvent = Pick<StoredEvent, 'type' | 'aggregate_id' | 'payload'>;

type Pending = { hooks: Array<() => void>; events: CommittedEvent[] };

const pendings = new WeakMap<Trx, Pending>();

/** Runs `fn` once the surrounding transaction has committed; never when it rolls back. */
export function afterCommit(trx: Trx, fn: () => void): void {
  pendings.get(trx)?.hooks.push(fn);
}

/** Events appended in `trx`, handed to the commit's listener once it has committed. */
export function noteAppended(trx: Trx, events: readonly CommittedEvent[]): void {
  pendings.get(trx)?.events.push(...events);
}

export type RunInTransaction = <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>;

/**
 * The one way services open a transaction: after commit it tells `onCommit` what the transaction
 * appended to the log (which wakes the event reader: NOTIFY does not cross the embedded database's
 * socket), then runs the transaction's after-commit hooks.
 */
export function createTx(db: Db, onCommit: (events: readonly CommittedEvent[]) => void): RunInTransaction {
  return async (fn) => {
    const pending: Pending = { hooks: [], events: [] };
    const result = await db.transaction().execute(async (trx) => {
      pendings.set(trx, pending);
      return fn(trx);
    });
    onCommit(pending.events);
    for (const hook of pending.hooks) hook();
    return result;
  };
}
