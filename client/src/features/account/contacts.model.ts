import { EMAIL_MAX, PHONE_MAX, type Contact } from '@platform/shared';
import { z } from 'zod';

/**
 * One line of the contacts list. `original` is what the server has; `active` is the configure
 * toggle (spec 1 section 3: the UI tracks original and active values). The synthetic row is the
 * login e-mail, shown when the user has no such contact yet.
 */
export type ContactRow = {
  key: string;
  id: number | null;
  type: string;
  contact: string;
  can_notify: boolean;
  original: { contact: string; can_notify: boolean };
  active: boolean;
  synthetic: boolean;
  /** The login e-mail contact: never offered for deletion. */
  login: boolean;
};

export type NewContact = { type: 'email' | 'phone'; contact: string };
export type ContactsFormValues = { contacts: ContactRow[]; newContact: NewContact };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function buildRows(contacts: readonly Contact[], loginEmail: string | null): ContactRow[] {
  const rows: ContactRow[] = contacts.map((c) => ({
    key: `contact-${c.id}`,
    id: c.id,
    type: c.type,
    contact: c.contact,
    can_notify: c.can_notify,
    original: { contact: c.contact, can_notify: c.can_notify },
    active: false,
    synthetic: false,
    login: c.type === 'email' && loginEmail !== null && sameAddress(c.contact, loginEmail),
  }));
  if (loginEmail && !rows.some((r) => r.login)) {
    rows.unshift({
      key: 'login-email',
      id: null,
      type: 'email',
      contact: loginEmail,
      can_notify: false,
      original: { contact: loginEmail, can_notify: false },
      active: false,
      synthetic: true,
      login: true,
    });
  }
  return rows;
}

export const isChanged = (row: ContactRow): boolean =>
  row.contact.trim() !== row.original.contact || row.can_notify !== row.original.can_notify;

/**
 * Save is offered when a contact changed its address or notify flag and still has a value, or a
 * new contact has a value (spec 1 section 5). The synthetic login e-mail counts once switched on.
 */
export function canSave(values: ContactsFormValues): boolean {
  return values.contacts.some((row) => isChanged(row) && row.contact.trim() !== '') || values.newContact.contact.trim() !== '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Contact rules of spec 1 section 5 as i18n keys: e-mail required, valid, max 150; phone required,
 * max 25, digits with an optional leading plus when editing, digits only when adding.
 */
export function contactProblem(type: string, value: string, mode: 'edit' | 'add'): string | null {
  const contact = value.trim();
  if (type === 'email') {
    if (!contact) return 'contact.valid.email.required';
    if (contact.length > EMAIL_MAX) return 'contact.valid.email.maxlength';
    if (!EMAIL.test(contact)) return 'contact.valid.email.email';
  }
  if (type === 'phone') {
    if (!contact) return 'contact.valid.phone.required';
    if (contact.length > PHONE_MAX) return 'contact.valid.phone.maxlength';
    if (mode === 'edit' && !/^\+?[0-9]+$/.test(contact)) return 'contact.valid.phone.pattern';
    if (mode === 'add' && !/^[0-9]+$/.test(contact)) return 'contact.valid.phone.digits';
  }
  return null;
}

export const ContactsFormSchema = z
  .object({
    contacts: z.array(z.custom<ContactRow>()),
    newContact: z.object({ type: z.enum(['email', 'phone']), contact: z.string() }),
  })
  .superRefine((values, ctx) => {
    values.contacts.forEach((row, index) => {
      // Untouched rows are the server's own data: never block a save on them.
      if (!isChanged(row)) return;
      const problem = contactProblem(row.type, row.contact, 'edit');
      if (problem) ctx.addIssue({ code: 'custom', path: ['contacts', index, 'contact'], message: problem });
    });
    if (values.newContact.contact.trim()) {
      const problem = contactProblem(values.newContact.type, values.newContact.contact, 'add');
      if (problem) ctx.addIssue({ code: 'custom', path: ['newContact', 'contact'], message: problem });
    }
  });

/** The writes a save makes: updates for changed contacts, creates (always notifying) for new ones. */
export function plannedWrites(values: ContactsFormValues): Array<
  | { kind: 'update'; id: number; body: { type: string; contact: string; can_notify: boolean } }
  | {
      kind: 'create';
      body: { type: string; contact: string; can_notify: true };
    }
> {
  const writes: ReturnType<typeof plannedWrites> = [];
  for (const row of values.contacts) {
    if (!isChanged(row) || !row.contact.trim()) continue;
    if (row.id === null) writes.push({ kind: 'create', body: { type: row.type, contact: row.contact.trim(), can_notify: true } });
    else writes.push({ kind: 'update', id: row.id, body: { type: row.type, contact: row.contact.trim(), can_notify: row.can_notify } });
  }
  const fresh = values.newContact.contact.trim();
  // A contact without an id gets can_notify true before saving (spec 1 section 4).
  if (fresh) writes.push({ kind: 'create', body: { type: values.newContact.type, contact: fresh, can_notify: true } });
  return writes;
}
