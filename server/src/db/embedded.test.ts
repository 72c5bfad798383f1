import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

let embedded: EmbeddedPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres();
  pool = new pg.Pool({ connectionString: embedded.url, max: 6 });
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await embedded?.stop();
});

/** A statement with `n` parameters that answers their sum and how many there were. */
async function sumOf(n: number): Promise<{ n: number; total: number }> {
  const values = Array.from({ length: n }, (_, i) => i + 1);
  const text = `select ${values.map((v) => `$${v}::int`).join(' + ')} as total, ${n} as n`;
  const { rows } = await pool.query<{ total: number; n: number }>(text, values);
  return rows[0]!;
}

describe('the embedded database behind its socket', () => {
  it('runs concurrent parameterised statements from many connections whole, each with its own values', async () => {
    const sizes = Array.from({ length: 300 }, (_, i) => 1 + (i % 11));
    const answers = await Promise.all(sizes.map((n) => sumOf(n)));
    expect(answers).toEqual(sizes.map((n) => ({ n, total: (n * (n + 1)) / 2 })));
  }, 60_000);

  it('keeps a transaction to its connection while others run statements beside it', async () => {
    await pool.query('create table counters (id int primary key, value int not null)');
    await pool.query('insert into counters values (1, 0)');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('update counters set value = value + $1 where id = $2', [5, 1]);
      const beside = Promise.all(Array.from({ length: 20 }, () => sumOf(3)));
      await client.query('update counters set value = value + $1 where id = $2', [5, 1]);
      await client.query('commit');
      expect((await beside).every((a) => a.total === 6)).toBe(true);
    } finally {
      client.release();
    }
    expect((await pool.query('select value from counters where id = $1', [1])).rows[0].value).toBe(10);
  }, 60_000);
});
