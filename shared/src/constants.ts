/** The public OAuth client every legacy client, SDK and app embeds (API-CONTRACT 3). */
export const PUBLIC_CLIENT_ID = 'ushahidiui';
export const PUBLIC_CLIENT_SECRET = '35e7f0bca957836d05ca0492211b0ac707671261';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEFAULT_ADMIN_USERNAME = 'admin';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;

export const PERMISSIONS = [
  'Manage Users',
  'Manage Posts',
  'Manage Settings',
  'Bulk Data Import and Export',
  'Edit their own posts',
  'Manage Collections and Saved Searches',
  'Delete Posts',
  'Delete Their Own Posts',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/** Legacy alias still honoured by access checks (API-CONTRACT 4.2). */
export const LEGACY_BULK_IMPORT = 'Bulk Data Import';

export const ADMIN_ROLE = 'admin';
export const MEMBER_ROLE = 'user';

export const SCOPES = [
  'api',
  'apikeys',
  'country_codes',
  'posts',
  'forms',
  'sets',
  'tags',
  'tos',
  'users',
  'media',
  'config',
  'messages',
  'dataproviders',
  'stats',
  'layers',
  'savedsearches',
  'notifications',
  'contacts',
  'csv',
  'roles',
  'permissions',
  'migrate',
  'webhooks',
  'hxl',
] as const;
export type Scope = (typeof SCOPES)[number];

/** What the web client asks for when it needs an anonymous token (spec 1 section 6). */
export const ANONYMOUS_SCOPES: readonly Scope[] = [
  'posts',
  'country_codes',
  'media',
  'forms',
  'api',
  'tags',
  'savedsearches',
  'sets',
  'users',
  'stats',
  'layers',
  'config',
  'messages',
  'notifications',
  'webhooks',
  'contacts',
  'roles',
  'permissions',
  'csv',
];

export const PRIVILEGES = ['read', 'create', 'update', 'delete', 'search', 'change_status', 'read_full', 'lock'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export const POST_STATUSES = ['published', 'draft', 'archived'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 72;
export const NAME_MAX = 150;
export const EMAIL_MAX = 150;
export const PHONE_MAX = 25;
export const MEDIA_MAX_BYTES = 1048576;
export const MEDIA_MIME_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;

export const TIERS: Record<string, string> = {
  free: 'Mapper',
  'free-pre-jun-2016': 'Mapper (Legacy)',
  surveyor: 'Surveyor',
  responder: 'Responder',
  zerorated: 'Social Impact',
  demo_1: 'Demo',
  level_1: 'Basic',
};
export const DEMO_TIER = 'demo_1';
export const DEMO_POST_LIMIT = 25;
export const DEMO_TRIAL_DAYS = 30;

/**
 * The statuses the data view and map show until the user picks others (spec 2 section 5): sent with
 * every list, map and count query, the server narrowing them to what the caller may see.
 */
export const DEFAULT_STATUS_FILTER = ['published', 'draft'] as const;
