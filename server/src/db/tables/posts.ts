import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './core';

export interface PostsTable {
  id: Generated<number>;
  parent_id: number | null;
  form_id: number | null;
  user_id: number | null;
  contact_id: number | null;
  message_id: number | null;
  type: Generated<string>;
  title: Generated<string>;
  slug: string | null;
  content: Generated<string>;
  author_email: string | null;
  author_realname: string | null;
  status: Generated<'published' | 'draft' | 'archived'>;
  locale: Generated<string>;
  post_date: ColumnType<Date, Date | string | undefined, Date | string>;
  created: CreatedAt;
  updated: Date | null;
  /** Attribute key -> array of values, exactly as the API renders them (API-CONTRACT 8.2). */
  values: Json<Record<string, unknown[]>>;
  published_to: ColumnType<string[], string[] | undefined, string[]>;
  completed_stages: ColumnType<number[], number[] | undefined, number[]>;
  source: string | null;
  data_source_message_id: string | null;
  metadata: Json<Record<string, unknown> | null> | null;
  base_language: string | null;
  version: Generated<number>;
  /** Has a row in `post_points`; kept by the writes and by triggers on `post_points`. */
  mapped: Generated<boolean>;
  /**
   * geometry(MultiPoint, 4326): every point of `post_points`, for spatial filters on the post's
   * own row; kept like `mapped` (write it with `placesOf`).
   */
  places: ColumnType<string | null, unknown, unknown>;
}

export interface PostPointsTable {
  post_id: number;
  form_attribute_id: number | null;
  attribute_key: string;
  ordinal: Generated<number>;
  lat: number;
  lon: number;
  /** geometry(Point, 4326); write it with `ST_SetSRID(ST_MakePoint(lon, lat), 4326)`. */
  geom: ColumnType<string, unknown, unknown>;
}

export interface PostsTagsTable {
  post_id: number;
  tag_id: number;
  form_attribute_id: number | null;
}

/** Media ids held by a post's media fields (kept by the post writes, like `posts_tags`). */
export interface PostsMediaTable {
  post_id: number;
  form_attribute_id: number;
  media_id: number;
}

export interface PostsSetsTable {
  set_id: number;
  post_id: number;
  created: CreatedAt;
}

export interface PostTables {
  posts: PostsTable;
  post_points: PostPointsTable;
  posts_tags: PostsTagsTable;
  posts_media: PostsMediaTable;
  posts_sets: PostsSetsTable;
}
