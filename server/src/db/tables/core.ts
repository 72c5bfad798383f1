import type { ColumnType, Generated } from 'kysely';

/** A timestamp column that the database fills on insert. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  username: string | null;
  realname: string | null;
  password_hash: string | null;
  role: string | null;
  language: string | null;
  logins: Generated<number>;
  failed_attempts: Generated<number>;
  last_login: Date | null;
  last_attempt: Date | null;
  created: CreatedAt;
  updated: Date | null;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  description: string | null;
  protected: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface RolesPermissionsTable {
  role: string;
  permission: string;
}

export interface OAuthClientsTable {
  id: string;
  name: string;
  secret_hash: string;
  created: CreatedAt;
}

export interface OAuthAccessTokensTable {
  id: Generated<number>;
  token_hash: string;
  client_id: string;
  user_id: number | null;
  scopes: string[];
  expires_at: Date;
  revoked: Generated<boolean>;
  created: CreatedAt;
}

export interface OAuthRefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  access_token_id: number;
  expires_at: Date;
  revoked: Generated<boolean>;
  created: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created: CreatedAt;
}

export interface ConfigTable {
  group_name: string;
  key: string;
  value: Json;
  updated: Generated<Date>;
}

export interface TosTable {
  id: Generated<number>;
  user_id: number;
  agreement_date: CreatedAt;
  tos_version_date: Date;
}

export interface ContactsTable {
  id: Generated<number>;
  user_id: number | null;
  data_source: string | null;
  type: string;
  contact: string;
  can_notify: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface SetsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  description: string | null;
  view: Generated<string>;
  view_options: Json<Record<string, unknown> | null> | null;
  role: string[] | null;
  featured: Generated<boolean>;
  search: Generated<boolean>;
  filter: Json<Record<string, unknown> | null> | null;
  created: CreatedAt;
  updated: Date | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  set_id: number;
  created: CreatedAt;
  updated: Date | null;
}

export interface MediaTable {
  id: Generated<number>;
  user_id: number | null;
  caption: string | null;
  mime: string;
  storage_key: string;
  original_file_size: number;
  original_width: number | null;
  original_height: number | null;
  created: CreatedAt;
  updated: Date | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  api_key: string;
  created: CreatedAt;
  updated: Date | null;
}

export interface UserSettingsTable {
  id: Generated<number>;
  user_id: number;
  config_key: string;
  config_value: string | null;
  created: CreatedAt;
  updated: Date | null;
}

export interface EventsTable {
  id: Generated<number>;
  /** Transaction id of the writer: ties the event to its place in `event_commits` (DESIGN 3). */
  xid: Generated<string>;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  actor_id: number | null;
  payload: Json<Record<string, unknown>>;
  /** The state the change left behind (a post's revision); never pushed to sockets. */
  data: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** One row per event-appending transaction, numbered as it commits (migration 20261129T0301). */
export interface EventCommitsTable {
  seq: Generated<number>;
  xid: string;
}

export interface CoreTables {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  roles_permissions: RolesPermissionsTable;
  oauth_clients: OAuthClientsTable;
  oauth_access_tokens: OAuthAccessTokensTable;
  oauth_refresh_tokens: OAuthRefreshTokensTable;
  password_resets: PasswordResetsTable;
  config: ConfigTable;
  tos: TosTable;
  contacts: ContactsTable;
  sets: SetsTable;
  notifications: NotificationsTable;
  media: MediaTable;
  apikeys: ApiKeysTable;
  user_settings: UserSettingsTable;
  events: EventsTable;
  event_commits: EventCommitsTable;
}
