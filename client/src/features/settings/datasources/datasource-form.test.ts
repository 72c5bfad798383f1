import { describe, expect, it } from 'vitest';
import type { DataProvider } from '../../../api/endpoints/datasources';
import { fitsType, formValid, optionControl, optionInvalid, optionValues, postKeyOf, providerBody } from './datasource-form';

const o = {
  intro: { label: '', input: 'read-only-text', description: 'Intro' },
  incoming_type: { label: 'Type', input: 'radio', description: '', options: ['POP', 'IMAP'], rules: ['required'] },
  incoming_port: { label: 'Port', input: 'text', description: '', rules: ['required', 'number'] },
  address: { label: 'Address', input: 'text', description: '', rules: ['email'] },
  incoming_password: { label: 'Password', input: 'text', description: '', rules: ['required', 'password'] },
};
const email: DataProvider = {
  id: 'email',
  name: 'Email',
  services: ['email'],
  inbound_fields: { Subject: 'text', Date: 'datetime' },
  options: o,
};

describe('data source option fields', () => {
  it('chooses the input by the rules', () => {
    expect([o.intro, o.incoming_type, o.incoming_port, o.address, o.incoming_password].map(optionControl)).toEqual([
      'read-only',
      'radio',
      'digits',
      'email',
      'password',
    ]);
  });

  it('checks required, digits, the e-mail pattern and radio choices', () => {
    expect(optionInvalid(o.incoming_port, '')).toBe(true);
    expect(optionInvalid(o.incoming_port, '99a')).toBe(true);
    expect(optionInvalid(o.incoming_port, '993')).toBe(false);
    expect(optionInvalid(o.address, '')).toBe(false);
    expect(optionInvalid(o.address, 'Alerts@example.org')).toBe(true);
    expect(optionInvalid(o.address, 'alerts.team@example.org')).toBe(false);
    expect(optionInvalid(o.address, 'alerts@example.museum1')).toBe(true);
    expect(optionInvalid(o.incoming_type, 'SMTP')).toBe(true);
    expect(optionInvalid(o.intro, '')).toBe(false);
  });

  it('is valid only when every option is', () => {
    const values = optionValues(email, { incoming_type: 'IMAP', incoming_port: 993, incoming_password: 'x' });
    expect(values).toEqual({ incoming_type: 'IMAP', incoming_port: '993', address: '', incoming_password: 'x' });
    expect(formValid(email, values)).toBe(true);
    expect(formValid(email, { ...values, incoming_password: ' ' })).toBe(false);
  });
});

describe('survey mapping', () => {
  it('offers fields of a compatible type under their post key', () => {
    expect(fitsType('text', 'title')).toBe(true);
    expect(fitsType('text', 'markdown')).toBe(true);
    expect(fitsType('text', 'datetime')).toBe(false);
    expect(fitsType('datetime', 'datetime')).toBe(true);
    expect(postKeyOf({ type: 'title', key: 'abc' })).toBe('title');
    expect(postKeyOf({ type: 'description', key: 'def' })).toBe('content');
    expect(postKeyOf({ type: 'varchar', key: 'ghi' })).toBe('ghi');
  });

  it('keeps stored keys the screen does not edit and clears the survey when import is off', () => {
    const stored = { last_uid: 40, form_id: 3, inbound_fields: { Subject: 'title' } };
    expect(providerBody(stored, { incoming_port: ' 993 ' }, true, 3, { Subject: 'title' })).toEqual({
      last_uid: 40,
      incoming_port: '993',
      form_id: 3,
      inbound_fields: { Subject: 'title' },
    });
    expect(providerBody(stored, {}, false, 3, { Subject: 'title' })).toEqual({ last_uid: 40, form_id: null, inbound_fields: {} });
  });
});
