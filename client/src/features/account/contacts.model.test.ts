import type { Contact } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { buildRows, canSave, contactProblem, ContactsFormSchema, plannedWrites, type ContactsFormValues } from './contacts.model';

const contact = (id: number, type: string, value: string, can_notify = true): Contact => ({
  id,
  url: 'u',
  user: { id: 7, url: 'u' },
  data_source: null,
  type,
  contact: value,
  can_notify,
  created: '2025-01-01T00:00:00+00:00',
  updated: null,
  allowed_privileges: [],
});
const values = (contacts: ContactsFormValues['contacts'], fresh = ''): ContactsFormValues => ({
  contacts,
  newContact: { type: 'phone', contact: fresh },
});

describe('contact rows', () => {
  it('adds the login e-mail as a synthetic row when the user has no such contact', () => {
    const rows = buildRows([contact(1, 'phone', '254700000001')], 'Ada@Example.org');
    expect(rows.map((r) => [r.key, r.synthetic, r.login, r.can_notify])).toEqual([
      ['login-email', true, true, false],
      ['contact-1', false, false, true],
    ]);
  });

  it('marks an existing contact equal to the login e-mail instead', () => {
    const rows = buildRows([contact(1, 'email', 'ada@example.org')], 'ADA@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, login: true, synthetic: false });
  });
});

describe('Save enabled', () => {
  const rows = buildRows([contact(1, 'phone', '254700000001', false)], 'ada@example.org');
  it('is off while nothing changed', () => expect(canSave(values(rows))).toBe(false));
  it('is on for a changed address or notify flag that still has a value', () => {
    expect(canSave(values(rows.map((r) => (r.id === 1 ? { ...r, contact: '254700000009' } : r))))).toBe(true);
    expect(canSave(values(rows.map((r) => (r.id === 1 ? { ...r, can_notify: true } : r))))).toBe(true);
    expect(canSave(values(rows.map((r) => (r.id === 1 ? { ...r, contact: ' ' } : r))))).toBe(false);
  });
  it('is on for a new contact with a value, and for the login e-mail switched on', () => {
    expect(canSave(values(rows, '2547'))).toBe(true);
    expect(canSave(values(rows.map((r) => (r.synthetic ? { ...r, can_notify: true } : r))))).toBe(true);
  });
});

describe('contact rules', () => {
  it.each([
    ['email', '', 'edit', 'contact.valid.email.required'],
    ['email', 'nobody', 'edit', 'contact.valid.email.email'],
    ['email', `${'a'.repeat(140)}@example.org`, 'add', 'contact.valid.email.maxlength'],
    ['email', 'ada@example.org', 'add', null],
    ['phone', '', 'add', 'contact.valid.phone.required'],
    ['phone', '1'.repeat(26), 'add', 'contact.valid.phone.maxlength'],
    ['phone', '+254700', 'add', 'contact.valid.phone.digits'],
    ['phone', '254 700', 'add', 'contact.valid.phone.digits'],
    ['phone', '254700', 'add', null],
    ['phone', '+254700', 'edit', null],
    ['phone', '+254-700', 'edit', 'contact.valid.phone.pattern'],
  ] as const)('%s %j when %s: %s', (type, value, mode, expected) => {
    expect(contactProblem(type, value, mode)).toBe(expected);
  });

  it('validates only what changed, and the new contact with the adding rules', () => {
    const rows = buildRows([contact(1, 'phone', 'legacy value!')], null);
    expect(ContactsFormSchema.safeParse(values(rows)).success).toBe(true);
    const result = ContactsFormSchema.safeParse(
      values(
        rows.map((r) => ({ ...r, contact: 'x1' })),
        '+1',
      ),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contacts.0.contact', 'contact.valid.phone.pattern'],
      ['newContact.contact', 'contact.valid.phone.digits'],
    ]);
  });
});

describe('planned writes', () => {
  it('updates changed contacts, creates new ones (always notifying), skips the rest', () => {
    const rows = buildRows([contact(1, 'phone', '254700000001', true), contact(2, 'email', 'b@example.org', true)], 'ada@example.org');
    const edited = rows.map((r) => {
      if (r.id === 1) return { ...r, contact: '+254700000002', can_notify: false };
      if (r.synthetic) return { ...r, can_notify: true };
      return r;
    });
    expect(plannedWrites(values(edited, '254711'))).toEqual([
      { kind: 'create', body: { type: 'email', contact: 'ada@example.org', can_notify: true } },
      { kind: 'update', id: 1, body: { type: 'phone', contact: '+254700000002', can_notify: false } },
      { kind: 'create', body: { type: 'phone', contact: '254711', can_notify: true } },
    ]);
  });
});
