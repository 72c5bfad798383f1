/**
 * The top-level groups of the translation files that the shell and the map screen show before
 * anything else loads: the page fetches these first (client/build/locale-parts.ts) and the rest of
 * its language after the map is drawn, or when a screen that needs it opens. A group missing here
 * still shows: its key is replaced by the string once the rest of the language has arrived.
 */
export const FIRST_PAINT_NAMESPACES: readonly string[] = [
  'account',
  'api_failure',
  'app',
  'bootstrap',
  'common',
  'confirm',
  'debug_mode',
  'demo',
  'filters',
  'forbidden',
  'language',
  'login',
  'map',
  'meta',
  'nav',
  'not_found',
  'notify',
  'password_reset_confirm',
  'private_site',
  'realtime',
  'region_error',
  'route_error',
  'sets',
  'share',
  'status',
  'support',
  'tos',
  'views',
];
