import { sql, type Kysely } from 'kysely';

/**
 * Counts for the sidebar at a million posts (DESIGN 3, issue 6). `post_counts` holds signed deltas
 * of posts per (survey, source, status, published_to), appended by statement-level triggers: no
 * row is ever updated in place, so concurrent writers never wait on each other or deadlock. The
 * stats endpoint sums it (a few hundred rows) for unfiltered per-survey/source/status counts, and
 * folds it back into one row per key when it grows (`post_counts_compact`).
 *
 * Also a safe text-to-timestamptz cast for timelines bucketed on a date field's value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_counts (
      form_id integer,
      source text,
      status text not null,
      published_to text[] not null,
      n bigint not null
    );

    create function post_counts_inserted() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, count(*) from inserted group by 1, 2, 3, 4;
      return null;
    end $$;

    create function post_counts_deleted() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, -count(*) from deleted group by 1, 2, 3, 4;
      return null;
    end $$;

    create function post_counts_updated() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, sum(n) from (
        select form_id, source, status, published_to, 1 as n from updated_new
        union all
        select form_id, source, status, published_to, -1 from updated_old
      ) d group by 1, 2, 3, 4 having sum(n) <> 0;
      return null;
    end $$;

    create function post_counts_truncated() returns trigger language plpgsql as $$
    begin
      delete from post_counts;
      return null;
    end $$;

    create trigger posts_count_insert after insert on posts
      referencing new table as inserted for each statement execute function post_counts_inserted();
    create trigger posts_count_delete after delete on posts
      referencing old table as deleted for each statement execute function post_counts_deleted();
    create trigger posts_count_update after update on posts
      referencing old table as updated_old new table as updated_new for each statement execute function post_counts_updated();
    create trigger posts_count_truncate after truncate on posts
      for each statement execute function post_counts_truncated();

    -- Folds the deltas into one row per key. Concurrent runs are safe: each deletes (and re-adds)
    -- only rows it saw; rows of transactions still in flight are not visible to it and stay.
    create function post_counts_compact() returns void language sql as $$
      with gone as (delete from post_counts returning *)
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, sum(n) from gone group by 1, 2, 3, 4 having sum(n) <> 0;
    $$;

    insert into post_counts (form_id, source, status, published_to, n)
    select form_id, source, status, published_to, count(*) from posts group by 1, 2, 3, 4;

    create function platform_try_timestamptz(value text) returns timestamptz language plpgsql stable as $$
    begin
      return value::timestamptz;
    exception when others then
      return null;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists posts_count_insert on posts;
    drop trigger if exists posts_count_delete on posts;
    drop trigger if exists posts_count_update on posts;
    drop trigger if exists posts_count_truncate on posts;
    drop function if exists post_counts_inserted, post_counts_deleted, post_counts_updated, post_counts_truncated, post_counts_compact;
    drop function if exists platform_try_timestamptz;
    drop table if exists post_counts;
  `.execute(db);
}
