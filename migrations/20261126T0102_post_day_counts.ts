import { sql, type Kysely } from 'kysely';

/**
 * The activity page's timeline at a million posts (issue 6): `post_day_counts` holds signed deltas
 * of posts per UTC day of creation and (survey, source, status, published_to), appended by
 * statement-level triggers on `posts` like `post_counts`. A timeline on `created` with whole-day
 * buckets sums a few tens of thousands of rows instead of grouping every post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_day_counts (
      day date not null,
      form_id integer,
      source text,
      status text not null,
      published_to text[] not null,
      n bigint not null
    );

    create function post_day_counts_inserted() returns trigger language plpgsql as $$
    begin
      insert into post_day_counts (day, form_id, source, status, published_to, n)
      select (created at time zone 'UTC')::date, form_id, source, status, published_to, count(*) from inserted group by 1, 2, 3, 4, 5;
      return null;
    end $$;

    create function post_day_counts_deleted() returns trigger language plpgsql as $$
    begin
      insert into post_day_counts (day, form_id, source, status, published_to, n)
      select (created at time zone 'UTC')::date, form_id, source, status, published_to, -count(*) from deleted group by 1, 2, 3, 4, 5;
      return null;
    end $$;

    create function post_day_counts_updated() returns trigger language plpgsql as $$
    begin
      insert into post_day_counts (day, form_id, source, status, published_to, n)
      select day, form_id, source, status, published_to, sum(n) from (
        select (created at time zone 'UTC')::date as day, form_id, source, status, published_to, 1 as n from updated_new
        union all
        select (created at time zone 'UTC')::date, form_id, source, status, published_to, -1 from updated_old
      ) d group by 1, 2, 3, 4, 5 having sum(n) <> 0;
      return null;
    end $$;

    create function post_day_counts_truncated() returns trigger language plpgsql as $$
    begin
      delete from post_day_counts;
      return null;
    end $$;

    create trigger posts_day_count_insert after insert on posts
      referencing new table as inserted for each statement execute function post_day_counts_inserted();
    create trigger posts_day_count_delete after delete on posts
      referencing old table as deleted for each statement execute function post_day_counts_deleted();
    create trigger posts_day_count_update after update on posts
      referencing old table as updated_old new table as updated_new for each statement execute function post_day_counts_updated();
    create trigger posts_day_count_truncate after truncate on posts
      for each statement execute function post_day_counts_truncated();

    -- Folds the deltas into one row per key (safe to run concurrently, as post_counts_compact).
    create function post_day_counts_compact() returns void language sql as $$
      with gone as (delete from post_day_counts returning *)
      insert into post_day_counts (day, form_id, source, status, published_to, n)
      select day, form_id, source, status, published_to, sum(n) from gone group by 1, 2, 3, 4, 5 having sum(n) <> 0;
    $$;

    insert into post_day_counts (day, form_id, source, status, published_to, n)
    select (created at time zone 'UTC')::date, form_id, source, status, published_to, count(*) from posts group by 1, 2, 3, 4, 5;

    -- Both tables gain a delta row per write: folding the running counts folds the daily ones too.
    create or replace function post_counts_compact() returns void language sql as $$
      with gone as (delete from post_counts returning *)
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, sum(n) from gone group by 1, 2, 3, 4, 5 having sum(n) <> 0;
      select post_day_counts_compact();
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function post_counts_compact() returns void language sql as $$
      with gone as (delete from post_counts returning *)
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, sum(n) from gone group by 1, 2, 3, 4, 5 having sum(n) <> 0;
    $$;
    drop trigger if exists posts_day_count_insert on posts;
    drop trigger if exists posts_day_count_delete on posts;
    drop trigger if exists posts_day_count_update on posts;
    drop trigger if exists posts_day_count_truncate on posts;
    drop function if exists post_day_counts_inserted, post_day_counts_deleted, post_day_counts_updated, post_day_counts_truncated,
      post_day_counts_compact;
    drop table if exists post_day_counts;
  `.execute(db);
}
