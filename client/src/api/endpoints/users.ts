import { listEnvelope, UserSchema, type ListEnvelope, type User } from '@platform/shared';
import { z } from 'zod';
import type { ApiClient } from '../client';

export function getMe(api: ApiClient, token?: string): Promise<User> {
  return api.get('/users/me', UserSchema, token === undefined ? {} : { token });
}

export type MeUpdate = { realname?: string; email?: string; password?: string };

export function updateMe(api: ApiClient, body: MeUpdate): Promise<User> {
  return api.put('/users/me', UserSchema, { body });
}

export function register(api: ApiClient, body: { realname: string; email: string; password: string }): Promise<unknown> {
  // The contract leaves the answer unspecified for clients (spec 1 section 7): nothing is read from it.
  return api.post('/register', z.unknown(), { body });
}

export function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  return api.send('POST', '/passwordreset', { body: { email } });
}

export function confirmPasswordReset(api: ApiClient, token: string, password: string): Promise<void> {
  return api.send('POST', '/passwordreset/confirm', { body: { token, password } });
}

const UserList = listEnvelope(UserSchema);

/** One page of the users list: the settings screen asks `orderby=realname` (API-CONTRACT 5). */
export function listUsers(
  api: ApiClient,
  query: { q?: string; role?: string[]; limit: number; offset: number; orderby?: string; order?: 'asc' | 'desc' },
): Promise<ListEnvelope<User>> {
  return api.get('/users', UserList, {
    query: { orderby: 'realname', order: 'asc', ...query, q: query.q || undefined, role: query.role?.length ? query.role : undefined },
  });
}

export function getUser(api: ApiClient, id: number): Promise<User> {
  return api.get(`/users/${id}`, UserSchema);
}

export type UserInput = { realname?: string; email?: string; password?: string; role?: string };

export function createUser(api: ApiClient, body: UserInput): Promise<User> {
  return api.post('/users', UserSchema, { body });
}

export function updateUser(api: ApiClient, id: number, body: UserInput): Promise<User> {
  return api.put(`/users/${id}`, UserSchema, { body });
}

export function deleteUser(api: ApiClient, id: number): Promise<User> {
  return api.delete(`/users/${id}`, UserSchema);
}
