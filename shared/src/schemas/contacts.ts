import { z } from 'zod';
import { EMAIL_MAX, PHONE_MAX } from '../constants';
import { dbIdField, LooseBoolean } from './common';
import { listQuery, queryIdsOr, queryWords } from './list-query';

export const CONTACT_TYPES = ['email', 'phone', 'whatsapp', 'twitter'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const ContactMessages = {
  contactRequired: 'Contact is required',
  contactTooLong: 'Contact is too long',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'This email address is too long',
  phoneInvalid: 'Invalid phone number',
  phoneTooLong: 'This phone number is too long',
  typeInvalid: 'Type must be one of email, phone, whatsapp, twitter',
  canNotifyInvalid: 'can_notify must be true or false',
  dataSourceInvalid: 'data_source must be the name of a data source',
  userInvalid: 'user_id must be the id of a user',
  userMissing: (id: number) => `User ${id} does not exist`,
} as const;
const M = ContactMessages;

const CanNotify = z.union(LooseBoolean.options, { error: M.canNotifyInvalid });
const DataSource = z
  .string({ error: M.dataSourceInvalid })
  .trim()
  .max(150, M.dataSourceInvalid)
  .regex(/^[a-z0-9_-]*$/i, M.dataSourceInvalid)
  .nullable();
const UserId = dbIdField(M.userInvalid);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with an optional leading plus (spec 1 section 5); separators people type are tolerated. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*$/;

/** Checks that depend on the contact type; shared by create and update. */
export function contactProblem(type: string, contact: string): string | null {
  if (type === 'email') {
    if (contact.length > EMAIL_MAX) return M.emailTooLong;
    if (!EMAIL_PATTERN.test(contact)) return M.emailInvalid;
  }
  if (type === 'phone' || type === 'whatsapp') {
    if (!PHONE_PATTERN.test(contact) || !/[0-9]/.test(contact)) return M.phoneInvalid;
    if (contact.replace(/[^0-9]/g, '').length > PHONE_MAX) return M.phoneTooLong;
  }
  return null;
}

export const CreateContactBody = z
  .object({
    type: z.enum(CONTACT_TYPES, { error: M.typeInvalid }),
    contact: z.string({ error: M.contactRequired }).trim().min(1, M.contactRequired).max(255, M.contactTooLong),
    can_notify: CanNotify.optional(),
    data_source: DataSource.optional(),
    user_id: UserId.optional(),
  })
  .superRefine((body, ctx) => {
    const problem = contactProblem(body.type, body.contact);
    if (problem) ctx.addIssue({ code: 'custom', path: ['contact'], message: problem });
  });
export type CreateContactBody = z.infer<typeof CreateContactBody>;

export const UpdateContactBody = z.object({
  type: z.enum(CONTACT_TYPES, { error: M.typeInvalid }).optional(),
  contact: z.string({ error: M.contactRequired }).trim().min(1, M.contactRequired).max(255, M.contactTooLong).optional(),
  can_notify: CanNotify.optional(),
  data_source: DataSource.optional(),
});
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;

export const ContactSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  data_source: z.string().nullable(),
  type: z.string(),
  contact: z.string(),
  can_notify: z.boolean(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Contact = z.infer<typeof ContactSchema>;

export const CONTACT_SORTABLE = ['id', 'created', 'updated', 'type', 'contact', 'data_source'] as const;

/** `GET /contacts`: `user` (ids or `me`), `type`, `contact`, `data_source` (API-CONTRACT 13.2). */
export const ContactListQuery = listQuery(
  { sortable: CONTACT_SORTABLE, orderby: 'id' },
  { user: queryIdsOr('user', ['me'] as const), type: queryWords, contact: queryWords, data_source: queryWords },
);
export type ContactListQuery = z.infer<typeof ContactListQuery>;
