import { sql, type Kysely } from 'kysely';

/**
 * Which posts show which media, and in which field (issue 26): a photo is readable by whoever may
 * read a post that shows it, so `GET /media/{id}` needs the posts holding an id without scanning
 * every post's values. The post writes keep it like `posts_tags`; a deleted post, field or media
 * takes its rows along. Existing posts are read once here, keeping only ids of media that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table posts_media (
      post_id integer not null references posts(id) on delete cascade,
      form_attribute_id integer not null references form_attributes(id) on delete cascade,
      media_id integer not null references media(id) on delete cascade,
      primary key (post_id, form_attribute_id, media_id)
    );
    create index posts_media_media_idx on posts_media (media_id, post_id);

    insert into posts_media (post_id, form_attribute_id, media_id)
    select distinct v.post_id, v.attribute_id, m.id
    from (
      select p.id as post_id, a.id as attribute_id,
        case when e.value #>> '{}' ~ '^[0-9]{1,10}$' then (e.value #>> '{}')::bigint end as media_id
      from posts p
      join form_stages s on s.form_id = p.form_id
      join form_attributes a on a.form_stage_id = s.id and a.type = 'media'
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(p.values -> a.key) = 'array' then p.values -> a.key else '[]'::jsonb end
      ) e
    ) v
    join media m on m.id = v.media_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table posts_media`.execute(db);
}
