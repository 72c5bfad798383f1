import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { RefSchema } from './common';
import { listQuery, queryWord, queryWords } from './list-query';

/** User-facing texts of spec 1 section 5, also the server's messages where the contract names none. */
export const UserMessages = {
  nameRequired: 'Full name is required',
  nameTooLong: 'Full name is too long',
  emailRequired: 'Email address is required',
  emailInvalid: 'This email address is invalid',
  emailTooLong: 'This email address is too long',
  emailTaken: 'email is already in use',
  passwordRequired: 'Password is required',
  // The contract quotes the server's own wording for a short password (API-CONTRACT 2.1).
  passwordTooShort: `password must be at least ${PASSWORD_MIN} characters long`,
  passwordTooLong: `password must be at most ${PASSWORD_MAX} characters long`,
  // Checked by the server only: it needs the common-password dictionary and the account's names.
  passwordTooCommon: 'password is too common or too easy to guess: choose a less predictable one',
  passwordPersonal: "password is too close to the account's e-mail address or name, or to the site's name",
  roleRequired: 'Role is required',
  cannotDeleteYourself: 'You cannot delete yourself',
  cannotChangeOwnRole: 'You cannot change your own role',
} as const;

const M = UserMessages;
const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

export const EmailField = z
  .string({ error: (iss) => (missing(iss) ? M.emailRequired : M.emailInvalid) })
  .trim()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX, M.emailTooLong)
  .pipe(z.email(M.emailInvalid));

export const PasswordField = z
  .string({ error: (iss) => (missing(iss) ? M.passwordRequired : M.passwordTooShort) })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong);

export const RealnameField = z.string({ error: M.nameRequired }).trim().max(NAME_MAX, M.nameTooLong);

/** The client's stricter form: a display name is required (spec 1 section 5). */
export const RequiredRealnameField = RealnameField.min(1, M.nameRequired);

export const RegisterBody = z.object({
  realname: RealnameField.optional(),
  email: EmailField,
  password: PasswordField,
  username: z.string().trim().max(NAME_MAX).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const CreateUserBody = z.object({
  email: EmailField,
  password: PasswordField,
  realname: RealnameField.optional(),
  username: z.string().trim().max(NAME_MAX).optional(),
  role: z.string({ error: M.roleRequired }).trim().min(1, M.roleRequired).optional(),
  language: z.string().max(10).nullable().optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  email: EmailField.optional(),
  password: PasswordField.optional(),
  realname: RealnameField.nullable().optional(),
  username: z.string().trim().max(NAME_MAX).optional(),
  role: z.string({ error: M.roleRequired }).trim().min(1, M.roleRequired).optional(),
  language: z.string().max(10).nullable().optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const PasswordResetBody = z.object({ email: EmailField });
export const PasswordResetConfirmBody = z.object({
  token: z.string({ error: 'Invalid or expired reset token' }).min(1, 'Invalid or expired reset token'),
  password: PasswordField,
});

export const UserSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  email: z.string().optional(),
  username: z.string().nullable().optional(),
  realname: z.string().nullable(),
  role: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  logins: z.number().int().optional(),
  failed_attempts: z.number().int().optional(),
  last_login: z.number().int().nullable().optional(),
  last_attempt: z.number().int().nullable().optional(),
  created: z.string().optional(),
  updated: z.string().nullable().optional(),
  contacts: z.array(z.object({ id: z.number().int(), type: z.string(), contact: z.string() })).optional(),
  gravatar: z.string().optional(),
  allowed_privileges: z.array(z.string()),
});
export type User = z.infer<typeof UserSchema>;
export type UserRef = z.infer<typeof RefSchema>;

/** Orderings of `GET /users` (API-CONTRACT 5); anything else is a 422, never SQL. */
export const USER_SORTABLE = ['id', 'realname', 'email', 'username', 'role', 'created', 'updated', 'last_login'] as const;

/** `GET /users`: `q` (e-mail, name or contact), `role` (a list), `email` (API-CONTRACT 5). */
export const UserListQuery = listQuery({ sortable: USER_SORTABLE, orderby: 'id' }, { q: queryWord, role: queryWords, email: queryWord });
export type UserListQuery = z.infer<typeof UserListQuery>;
