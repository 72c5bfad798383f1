import { sql, type Kysely } from 'kysely';

/**
 * Whether a post has a location (issue 6: `include_unmapped` and `has_location` at a million
 * posts). `posts.mapped` is true while the post has a row in `post_points`; the writes set it with
 * the post, and statement-level triggers on `post_points` keep it true to the points whatever else
 * changes them (a deleted location field takes its points along). The running counts are keyed by
 * it too, so "posts without a location" is a sum of a few hundred rows instead of a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts add column mapped boolean not null default false;
    alter table post_counts add column mapped boolean not null default false;

    alter table posts disable trigger posts_count_update;
    update posts p set mapped = true where exists (select 1 from post_points pp where pp.post_id = p.id);
    alter table posts enable trigger posts_count_update;

    create or replace function post_counts_inserted() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, count(*) from inserted group by 1, 2, 3, 4, 5;
      return null;
    end $$;

    create or replace function post_counts_deleted() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, -count(*) from deleted group by 1, 2, 3, 4, 5;
      return null;
    end $$;

    create or replace function post_counts_updated() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, sum(n) from (
        select form_id, source, status, published_to, mapped, 1 as n from updated_new
        union all
        select form_id, source, status, published_to, mapped, -1 from updated_old
      ) d group by 1, 2, 3, 4, 5 having sum(n) <> 0;
      return null;
    end $$;

    create or replace function post_counts_compact() returns void language sql as $$
      with gone as (delete from post_counts returning *)
      insert into post_counts (form_id, source, status, published_to, mapped, n)
      select form_id, source, status, published_to, mapped, sum(n) from gone group by 1, 2, 3, 4, 5 having sum(n) <> 0;
    $$;

    delete from post_counts;
    insert into post_counts (form_id, source, status, published_to, mapped, n)
    select form_id, source, status, published_to, mapped, count(*) from posts group by 1, 2, 3, 4, 5;

    create function posts_mapped_added() returns trigger language plpgsql as $$
    begin
      update posts p set mapped = true where p.id in (select post_id from added) and not p.mapped;
      return null;
    end $$;

    create function posts_mapped_removed() returns trigger language plpgsql as $$
    begin
      update posts p set mapped = false where p.id in (select post_id from removed) and p.mapped
        and not exists (select 1 from post_points pp where pp.post_id = p.id);
      return null;
    end $$;

    create function posts_mapped_moved() returns trigger language plpgsql as $$
    begin
      update posts p set mapped = true where p.id in (select post_id from added) and not p.mapped;
      update posts p set mapped = false where p.id in (select post_id from removed) and p.mapped
        and not exists (select 1 from post_points pp where pp.post_id = p.id);
      return null;
    end $$;

    create function posts_mapped_truncated() returns trigger language plpgsql as $$
    begin
      update posts set mapped = false where mapped;
      return null;
    end $$;

    create trigger post_points_mapped_insert after insert on post_points
      referencing new table as added for each statement execute function posts_mapped_added();
    create trigger post_points_mapped_delete after delete on post_points
      referencing old table as removed for each statement execute function posts_mapped_removed();
    create trigger post_points_mapped_update after update on post_points
      referencing old table as removed new table as added for each statement execute function posts_mapped_moved();
    create trigger post_points_mapped_truncate after truncate on post_points
      for each statement execute function posts_mapped_truncated();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists post_points_mapped_insert on post_points;
    drop trigger if exists post_points_mapped_delete on post_points;
    drop trigger if exists post_points_mapped_update on post_points;
    drop trigger if exists post_points_mapped_truncate on post_points;
    drop function if exists posts_mapped_added, posts_mapped_removed, posts_mapped_moved, posts_mapped_truncated;

    create or replace function post_counts_inserted() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, count(*) from inserted group by 1, 2, 3, 4;
      return null;
    end $$;
    create or replace function post_counts_deleted() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, -count(*) from deleted group by 1, 2, 3, 4;
      return null;
    end $$;
    create or replace function post_counts_updated() returns trigger language plpgsql as $$
    begin
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, sum(n) from (
        select form_id, source, status, published_to, 1 as n from updated_new
        union all
        select form_id, source, status, published_to, -1 from updated_old
      ) d group by 1, 2, 3, 4 having sum(n) <> 0;
      return null;
    end $$;
    create or replace function post_counts_compact() returns void language sql as $$
      with gone as (delete from post_counts returning *)
      insert into post_counts (form_id, source, status, published_to, n)
      select form_id, source, status, published_to, sum(n) from gone group by 1, 2, 3, 4 having sum(n) <> 0;
    $$;
    alter table post_counts drop column mapped;
    alter table posts drop column mapped;
    select post_counts_compact();
  `.execute(db);
}
