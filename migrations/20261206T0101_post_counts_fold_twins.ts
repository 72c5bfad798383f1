import { sql, type Kysely } from 'kysely';

/**
 * Folding the running counts (`post_counts_compact`, migrations 20261125T0101 and 20261126T0102)
 * deleted and re-inserted every row of `post_counts` and of `post_day_counts`, although a fold only
 * has work where a key has more than one row: at a million posts that rewrote 43,000 day rows
 * (and left as many dead ones) every 2,000 writes. Every newest-20 reader that saw the deltas pile
 * up ran it at once, and each waited on the rows the others were deleting while holding a pooled
 * connection: under 200 writes a second the writes then queued for connections for seconds.
 *
 * Now a fold deletes and re-adds only the rows of keys that have several, and one runs at a time:
 * a caller that finds a fold under way returns at once and leaves the deltas to it or to the next.
 * Concurrent folds stay correct as before: each re-adds the sum of exactly the rows it deleted.
 */
/**
 * The body of a fold of `table` by its key columns: if no other fold of it holds the lock, the rows
 * of keys that have several are deleted and their sum re-added as one row (none when it is zero).
 */
function foldTwins(table: string, keys: string): string {
  return `
      if not pg_try_advisory_xact_lock(hashtext('${table}_compact')) then return; end if;
      with twins as (
        select ctid from (
          select ctid, count(*) over (partition by ${keys}) as rows_of_key from ${table}
        ) keyed where rows_of_key > 1
      ), gone as (
        delete from ${table} where ctid = any(array(select ctid from twins)) returning *
      )
      insert into ${table} (${keys}, n)
      select ${keys}, sum(n) from gone group by ${keys} having sum(n) <> 0;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function post_day_counts_compact() returns void language plpgsql as $$
    begin${sql.raw(foldTwins('post_day_counts', 'day, form_id, source, status, published_to'))}
    end $$;

    create or replace function post_counts_compact() returns void language plpgsql as $$
    begin${sql.raw(foldTwins('post_counts', 'form_id, source, status, published_to, mapped'))}
      -- Both tables gain a delta row per write: folding the running counts folds the daily ones too.
      perform post_day_counts_compact();
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function post_counts_compact();
    drop function post_day_counts_compact();
    create function post_day_counts_compact() returns void language sql as $$
      with gone as (delete from post_day_counts returning *)
      insert into post_day_counts (day, form_id, source, status, published_to, n)
      select day, form_id, source, status, published_to, sum(n) from gone group by 1, 2, 3, 4, 5 having sum(n) <> 0;
    $$;
    create function post_counts_compact() returns void language sql as $$
      with gone as (delete from post_counts returning *)
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, sum(n) from gone group by 1, 2, 3, 4, 5 having sum(n) <> 0;
      select post_day_counts_compact();
    $$;
  `.execute(db);
}
