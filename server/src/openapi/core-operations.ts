import * as s from '@platform/shared';
import { listEnvelope } from '@platform/shared';
import { z } from 'zod';
import { crud, type Operation } from './operation';

const V3 = '/api/v3';
const list = listEnvelope;

/** OAuth, the index, users and accounts, roles, settings and the small resources (API-CONTRACT 3-6, 13, 14). */
export const CORE_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/oauth/token',
    tag: 'OAuth',
    summary: 'Get a bearer token (password, client_credentials or refresh_token grant)',
    body: z.union([s.PasswordGrantBody, s.ClientCredentialsGrantBody]),
    response: s.TokenResponseSchema,
    access: 'public',
  },
  { method: 'post', path: '/oauth/revoke', tag: 'OAuth', summary: 'Revoke a token (log out)', access: 'public' },
  { method: 'get', path: `${V3}/openapi.json`, tag: 'Docs', summary: 'This document (OpenAPI 3.1)', access: 'public' },
  { method: 'get', path: '/api/docs', tag: 'Docs', summary: 'This document as a web page', access: 'public' },
  { method: 'get', path: '/api/docs/init.js', tag: 'Docs', summary: "The docs page's script", access: 'public' },
  { method: 'get', path: V3, tag: 'Index', summary: 'The API index: version and the endpoints it offers', access: 'public' },
  {
    method: 'get',
    path: `${V3}/verifier/db`,
    tag: 'Verifier',
    summary: 'Installer check of the database (any method; 204 when off)',
    access: 'public',
  },
  {
    method: 'get',
    path: `${V3}/verifier/env`,
    tag: 'Verifier',
    summary: 'Installer check of the environment (any method; 204 when off)',
    access: 'public',
  },
  { method: 'get', path: '/media/files/:key', tag: 'Media', summary: 'A stored media file (original or resized)', access: 'public' },
  {
    method: 'get',
    path: `${V3}/config`,
    tag: 'Config',
    summary: 'Every settings group',
    query: s.ConfigListQuery,
    response: s.ConfigListSchema,
  },
  { method: 'options', path: `${V3}/config`, tag: 'Config', summary: 'What the caller may do with settings' },
  { method: 'get', path: `${V3}/config/:group`, tag: 'Config', summary: 'One settings group (site, features, map, ...)' },
  { method: 'put', path: `${V3}/config/:group`, tag: 'Config', summary: 'Save one settings group' },
  { method: 'get', path: `${V3}/users/me`, tag: 'Users', summary: 'The caller', response: s.UserSchema },
  { method: 'put', path: `${V3}/users/me`, tag: 'Users', summary: 'Update the caller', body: s.UpdateUserBody, response: s.UserSchema },
  ...crud('Users', `${V3}/users`, 'user', {
    item: s.UserSchema,
    list: list(s.UserSchema),
    query: s.UserListQuery,
    create: s.CreateUserBody,
    update: s.UpdateUserBody,
  }),
  { method: 'post', path: `${V3}/register`, tag: 'Users', summary: 'Register an account', body: s.RegisterBody, response: s.UserSchema },
  { method: 'post', path: `${V3}/passwordreset`, tag: 'Users', summary: 'Ask for a password reset mail', body: s.PasswordResetBody },
  {
    method: 'post',
    path: `${V3}/passwordreset/confirm`,
    tag: 'Users',
    summary: 'Set a new password with the mailed token',
    body: s.PasswordResetConfirmBody,
  },
  ...crud('User settings', `${V3}/users/:user_id/settings`, 'user setting', {
    item: s.UserSettingSchema,
    list: list(s.UserSettingSchema),
    query: s.UserSettingListQuery,
    create: s.CreateUserSettingBody,
    update: s.UpdateUserSettingBody,
  }),
  ...crud('Roles', `${V3}/roles`, 'role', {
    item: s.RoleSchema,
    list: list(s.RoleSchema),
    query: s.RoleListQuery,
    create: s.CreateRoleBody,
    update: s.UpdateRoleBody,
  }),
  ...crud('Permissions', `${V3}/permissions`, 'permission', {
    item: s.PermissionSchema,
    list: list(s.PermissionSchema),
    query: s.PermissionListQuery,
    ops: 'lro',
  }),
  ...crud('Terms of service', `${V3}/tos`, 'terms of service agreement', {
    item: s.TosSchema,
    list: list(s.TosSchema),
    query: s.TosListQuery,
    create: s.CreateTosBody,
    ops: 'lcro',
  }),
  ...crud('Contacts', `${V3}/contacts`, 'contact', {
    item: s.ContactSchema,
    list: list(s.ContactSchema),
    query: s.ContactListQuery,
    create: s.CreateContactBody,
    update: s.UpdateContactBody,
  }),
  ...crud('Notifications', `${V3}/notifications`, 'notification', {
    item: s.NotificationSchema,
    list: list(s.NotificationSchema),
    query: s.NotificationListQuery,
    create: s.CreateNotificationBody,
    update: s.UpdateNotificationBody,
  }),
  ...crud('API keys', `${V3}/apikeys`, 'API key', {
    item: s.ApiKeySchema,
    list: list(s.ApiKeySchema),
    query: s.ApiKeyListQuery,
  }).map((op) =>
    op.method === 'put' ? { ...op, summary: 'Regenerate an API key (the old value stops working at once; the body is ignored)' } : op,
  ),
  ...crud('Country codes', `${V3}/country-codes`, 'country code', {
    item: s.CountryCodeSchema,
    list: list(s.CountryCodeSchema),
    query: s.CountryCodeListQuery,
    ops: 'lro',
  }),
  { method: 'post', path: `${V3}/media`, tag: 'Media', summary: 'Upload a media file', upload: true, response: s.MediaSchema },
  { method: 'options', path: `${V3}/media`, tag: 'Media', summary: 'What the caller may do with media' },
  { method: 'get', path: `${V3}/media/:id`, tag: 'Media', summary: 'Get a media item', response: s.MediaSchema },
  { method: 'put', path: `${V3}/media/:id`, tag: 'Media', summary: 'Update a caption', body: s.UpdateMediaBody, response: s.MediaSchema },
  { method: 'delete', path: `${V3}/media/:id`, tag: 'Media', summary: 'Delete a media item', response: s.MediaSchema },
  {
    method: 'get',
    path: `${V3}/geocode`,
    tag: 'Geocode',
    summary: 'Places matching a search',
    query: s.GeocodeQuery,
    response: s.GeocodeResultsSchema,
  },
  { method: 'post', path: `${V3}/client-errors`, tag: 'Client errors', summary: "Report an error of the web client to the server's log" },
];
