import { sql, type Kysely } from 'kysely';

/**
 * Every point of a post on its own row, as one MultiPoint (issue 6: a radius or box filter). A
 * list of the newest posts within 10 km walked about 1,700 posts and probed each one's points in
 * `post_points` for 20 matches; tested on the post's own row, the walk needs no probe, and only
 * the few posts that pass are checked against the points a caller may see. Planner statistics on
 * the column also tell Postgres how many posts a box holds, and its index finds the few posts of
 * a small radius or map tile.
 *
 * `posts.places` and `posts.mapped` are set by the writes with the post; statement-level
 * triggers on `post_points` (replacing those that kept `mapped` alone) recompute both for the
 * posts whose points changed, whoever changed them, and write only where they differ.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts add column places geometry(MultiPoint, 4326);

    alter table posts disable trigger posts_count_update;
    alter table posts disable trigger posts_day_count_update;
    update posts p set places = pts.places
    from (select post_id, ST_Multi(ST_Collect(geom order by attribute_key collate "C", ordinal)) as places from post_points group by post_id) pts
    where pts.post_id = p.id;
    alter table posts enable trigger posts_count_update;
    alter table posts enable trigger posts_day_count_update;
    create index posts_places_idx on posts using gist (places);

    drop trigger post_points_mapped_insert on post_points;
    drop trigger post_points_mapped_delete on post_points;
    drop trigger post_points_mapped_update on post_points;
    drop trigger post_points_mapped_truncate on post_points;
    drop function posts_mapped_added, posts_mapped_removed, posts_mapped_moved, posts_mapped_truncated;

    create function posts_refresh_places(ids integer[]) returns void language sql as $$
      update posts p set places = fresh.places, mapped = fresh.places is not null
      from (
        select id, (select ST_Multi(ST_Collect(pp.geom order by pp.attribute_key collate "C", pp.ordinal))
                    from post_points pp where pp.post_id = t.id) as places
        from (select distinct unnest(ids) as id) t
      ) fresh
      where p.id = fresh.id and (p.places is distinct from fresh.places or p.mapped <> (fresh.places is not null));
    $$;

    create function posts_places_added() returns trigger language plpgsql as $$
    begin
      perform posts_refresh_places(array(select post_id from added));
      return null;
    end $$;

    create function posts_places_removed() returns trigger language plpgsql as $$
    begin
      perform posts_refresh_places(array(select post_id from removed));
      return null;
    end $$;

    create function posts_places_moved() returns trigger language plpgsql as $$
    begin
      perform posts_refresh_places(array(select post_id from added union select post_id from removed));
      return null;
    end $$;

    create function posts_places_truncated() returns trigger language plpgsql as $$
    begin
      update posts set places = null, mapped = false where mapped or places is not null;
      return null;
    end $$;

    create trigger post_points_places_insert after insert on post_points
      referencing new table as added for each statement execute function posts_places_added();
    create trigger post_points_places_delete after delete on post_points
      referencing old table as removed for each statement execute function posts_places_removed();
    create trigger post_points_places_update after update on post_points
      referencing old table as removed new table as added for each statement execute function posts_places_moved();
    create trigger post_points_places_truncate after truncate on post_points
      for each statement execute function posts_places_truncated();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger post_points_places_insert on post_points;
    drop trigger post_points_places_delete on post_points;
    drop trigger post_points_places_update on post_points;
    drop trigger post_points_places_truncate on post_points;
    drop function posts_places_added, posts_places_removed, posts_places_moved, posts_places_truncated, posts_refresh_places;

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

    alter table posts drop column places;
  `.execute(db);
}
