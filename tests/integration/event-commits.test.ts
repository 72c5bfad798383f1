import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as eventCommits from '../../migrations/20261129T0301_event_commits';
import { connect, type DbHandle } from '../../server/src/db/database';
import { appendEvent, positionOf, readSettledAfter, START, type StoredEvent } from '../../server/src/events/events.repository';
import { createTestDatabase } from './helpers/server';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connect(database.url, { max: 2 });
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const ids = (events: StoredEvent[], among: number[]) => events.map((e) => e.id).filter((id) => among.includes(id));

/** Appends one event per group in one transaction, the way services do. */
const appendInOne = (groups: string[]) =>
  handle.db.transaction().execute(async (trx) => {
    const appended: number[] = [];
    for (const group of groups) {
      appended.push(await appendEvent(trx, { type: 'config.updated', aggregateType: 'config', aggregateId: group, actorId: null }));
    }
    return appended;
  });

describe('event positions taken at commit', () => {
  it('numbers a log written before the change in the order it was read then, so old ids resume in place', async () => {
    const db = handle.db as unknown as Kysely<unknown>;
    await eventCommits.down(db);
    // Written by transactions 3, 1 and 2 (ids 1..3 of these): the old reader gave them by xid.
    const { rows } = await sql<{ id: number }>`
      insert into events (xid, type, aggregate_type, aggregate_id, payload)
      values ('3', 'config.updated', 'config', 'a', '{}'), ('1', 'config.updated', 'config', 'b', '{}'),
             ('2', 'config.updated', 'config', 'c', '{}')
      returning id`.execute(handle.db);
    const [byThree, byOne, byTwo] = rows.map((r) => r.id) as [number, number, number];
    await eventCommits.up(db);

    const old = [byThree, byOne, byTwo];
    expect(ids(await readSettledAfter(handle.db, START, 1000), old)).toEqual([byOne, byTwo, byThree]);
    const resume = await positionOf(handle.db, byOne);
    expect(resume).not.toBeNull();
    const after = await readSettledAfter(handle.db, resume!, 1000);
    expect(ids(after, old)).toEqual([byTwo, byThree]);

    // What commits now comes after all of them.
    const [fresh] = await appendInOne(['d']);
    const tail = await readSettledAfter(handle.db, resume!, 1000);
    expect(ids(tail, [...old, fresh!])).toEqual([byTwo, byThree, fresh]);
  });

  it('gives a transaction one place, its events in id order, and nothing for one that rolled back', async () => {
    const head = await positionOf(handle.db, (await appendInOne(['start']))[0]!);
    const together = await appendInOne(['x', 'y', 'z']);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await appendEvent(trx, { type: 'config.updated', aggregateType: 'config', aggregateId: 'rolled-back', actorId: null });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const [last] = await appendInOne(['last']);

    const read = await readSettledAfter(handle.db, head!, 1000);
    expect(read.map((e) => e.id)).toEqual([...together, last]);
    expect(new Set(read.slice(0, 3).map((e) => e.position.seq)).size).toBe(1);
    expect(read[3]!.position.seq).toBeGreaterThan(read[0]!.position.seq);
  });
});
