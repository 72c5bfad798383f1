import { sql, type Kysely } from 'kysely';

/**
 * Posts keep their field values as `values jsonb` (attribute key -> array of values) for faithful
 * round-trips, plus side tables for what is queried at scale (DESIGN 3): points with a GiST index,
 * tags and collection memberships. The event log doubles as the revision history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table posts (
      id serial primary key,
      parent_id integer references posts(id) on delete set null,
      form_id integer references forms(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      contact_id integer references contacts(id) on delete set null,
      message_id integer,
      type text not null default 'report',
      title text not null default '',
      slug text,
      content text not null default '',
      author_email text,
      author_realname text,
      status text not null default 'draft' check (status in ('published', 'draft', 'archived')),
      locale text not null default 'en_us',
      post_date timestamptz not null default now(),
      created timestamptz not null default now(),
      updated timestamptz,
      "values" jsonb not null default '{}',
      published_to text[] not null default '{}',
      completed_stages integer[] not null default '{}',
      source text,
      data_source_message_id text,
      metadata jsonb,
      base_language text,
      version integer not null default 1
    );
    -- Keyset-friendly orderings: the newest page is an index range scan at any size.
    create index posts_created_idx on posts (created desc, id desc);
    create index posts_post_date_idx on posts (post_date desc, id desc);
    create index posts_updated_idx on posts (updated desc nulls last, id desc);
    create index posts_status_created_idx on posts (status, created desc, id desc);
    create index posts_form_status_created_idx on posts (form_id, status, created desc, id desc);
    create index posts_user_idx on posts (user_id, created desc);
    create index posts_source_idx on posts (source);
    create index posts_parent_idx on posts (parent_id) where parent_id is not null;
    create index posts_slug_idx on posts (slug);
    -- q searches title and content with LIKE; trigram indexes make '%term%' indexable.
    create index posts_title_trgm_idx on posts using gin (title gin_trgm_ops);
    create index posts_content_trgm_idx on posts using gin (content gin_trgm_ops);

    create table post_points (
      post_id integer not null references posts(id) on delete cascade,
      form_attribute_id integer references form_attributes(id) on delete cascade,
      attribute_key text not null,
      ordinal smallint not null default 0,
      lat double precision not null,
      lon double precision not null,
      geom geometry(Point, 4326) not null,
      primary key (post_id, attribute_key, ordinal)
    );
    create index post_points_geom_idx on post_points using gist (geom);
    -- True distances (center_point + within_km) use geography.
    create index post_points_geog_idx on post_points using gist ((geom::geography));

    create table posts_tags (
      post_id integer not null references posts(id) on delete cascade,
      tag_id integer not null references tags(id) on delete cascade,
      form_attribute_id integer references form_attributes(id) on delete cascade,
      primary key (post_id, tag_id)
    );
    create index posts_tags_tag_idx on posts_tags (tag_id, post_id);

    create table posts_sets (
      set_id integer not null references sets(id) on delete cascade,
      post_id integer not null references posts(id) on delete cascade,
      created timestamptz not null default now(),
      primary key (set_id, post_id)
    );
    create index posts_sets_post_idx on posts_sets (post_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists posts_sets, posts_tags, post_points, posts cascade`.execute(db);
}
