import { sql, type Kysely } from 'kysely';

/**
 * `posts_refresh_places` (migration 20261128T0101) found the posts to refresh by joining its id
 * list to `posts`. Inside a SQL function the list is a parameter, so the plan is generic: the
 * planner guesses ten ids and, while `posts` is small enough (below about 70,000 rows), hashes
 * the whole table for them — a sequential scan on every insert of points. A CSV import's
 * 200-row batch spent 20–25 ms there at 20,000 posts (and a single post's points about 17 ms);
 * this version finds the posts through their primary key (`id = any(ids)`) and computes each
 * post's places once (the old one evaluated the sub-select twice per post): 1.5–5 ms for 200.
 * What it writes is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function posts_refresh_places(ids integer[]) returns void language sql as $$
      with fresh as materialized (
        select t.id, (select ST_Multi(ST_Collect(pp.geom order by pp.attribute_key collate "C", pp.ordinal))
                      from post_points pp where pp.post_id = t.id) as places
        from (select distinct unnest(ids) as id) t
      )
      update posts p set places = fresh.places, mapped = fresh.places is not null
      from fresh
      where p.id = any(ids) and p.id = fresh.id
        and (p.places is distinct from fresh.places or p.mapped <> (fresh.places is not null));
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function posts_refresh_places(ids integer[]) returns void language sql as $$
      update posts p set places = fresh.places, mapped = fresh.places is not null
      from (
        select id, (select ST_Multi(ST_Collect(pp.geom order by pp.attribute_key collate "C", pp.ordinal))
                    from post_points pp where pp.post_id = t.id) as places
        from (select distinct unnest(ids) as id) t
      ) fresh
      where p.id = fresh.id and (p.places is distinct from fresh.places or p.mapped <> (fresh.places is not null));
    $$;
  `.execute(db);
}
