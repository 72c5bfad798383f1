import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberSession, renderWithApp, listAnswer as list } from '../../test/harness';
import { ContactsPanel } from './ContactsPanel';

const phone = {
  id: 5,
  url: 'u',
  user: { id: 7, url: 'u' },
  data_source: null,
  type: 'phone',
  contact: '254700000001',
  can_notify: false,
  created: 'c',
  updated: null,
  allowed_privileges: [],
};
const notification = {
  id: 11,
  url: 'u',
  user: { id: 7, url: 'u' },
  set: { id: 4, url: 'u' },
  created: 'c',
  updated: null,
  allowed_privileges: [],
};

function handlers(extra = {}) {
  return {
    'GET /contacts': () => ({ body: list([phone]) }),
    'GET /notifications': () => ({ body: list([notification]) }),
    'GET /collections/4': () => ({ body: { id: 4, name: 'Flood reports' } }),
    ...extra,
  };
}

describe('ContactsPanel', () => {
  it('lists contacts with the login e-mail, without a delete for it, and Save off until something changes', async () => {
    const { user } = await renderWithApp(<ContactsPanel onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: handlers(),
    });
    const rows = await screen.findAllByRole('listitem');
    const contactRows = rows.filter((r) => r.classList.contains('contact-row'));
    expect(contactRows).toHaveLength(2);
    expect(contactRows[0]?.textContent).toContain('ada@example.org');
    expect(contactRows[0]?.textContent).toContain('Login email');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Flood reports', { selector: '.notification-row > span:first-child' })).toBeTruthy();

    await user.click(within(contactRows[0] as HTMLElement).getByRole('button', { name: /Configure/ }));
    expect(within(contactRows[0] as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(contactRows[1] as HTMLElement).getByRole('button', { name: /Configure/ }));
    expect(within(contactRows[1] as HTMLElement).getByRole('button', { name: /Delete/ })).toBeTruthy();
  });

  it('saves an edited contact, a new one and the login e-mail', async () => {
    const onSaved = vi.fn();
    const { user, server, services } = await renderWithApp(<ContactsPanel onCancel={vi.fn()} onSaved={onSaved} />, {
      session: memberSession(),
      handlers: handlers({
        'PUT /contacts/5': (r: { body: unknown }) => ({ body: { ...phone, ...(r.body as object) } }),
        'POST /contacts': (r: { body: unknown }) => ({ body: { ...phone, id: 6, ...(r.body as object) } }),
      }),
    });
    const phoneRow = (await screen.findByText('254700000001', { selector: '.contact-value' })).closest('li') as HTMLElement;
    await user.click(within(phoneRow).getByRole('switch', { name: /Send notifications/ }));
    await user.click(within(phoneRow).getByRole('button', { name: /Configure/ }));
    const edit = within(phoneRow).getByLabelText('Phone');
    await user.clear(edit);
    await user.type(edit, '+254700000002');
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    await user.type(screen.getByLabelText('Phone number'), '254711000000');
    const loginRow = screen.getByText('ada@example.org', { selector: '.contact-value' }).closest('li') as HTMLElement;
    await user.click(within(loginRow).getByRole('switch', { name: /Send notifications/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = server.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);
    expect(writes).toEqual([
      ['POST', '/contacts', { type: 'email', contact: 'ada@example.org', can_notify: true }],
      ['PUT', '/contacts/5', { type: 'phone', contact: '+254700000002', can_notify: true }],
      ['POST', '/contacts', { type: 'phone', contact: '254711000000', can_notify: true }],
    ]);
    expect(services.notices.getSnapshot()[0]?.message).toBe('Your contacts have been saved');
  });

  it('shows the contact rules and saves nothing while they fail', async () => {
    const { user, server } = await renderWithApp(<ContactsPanel onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: handlers(),
    });
    await user.click(await screen.findByRole('radio', { name: 'Phone' }));
    await user.type(screen.getByLabelText('Phone number'), '+2547');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A phone number may only contain digits')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email address is invalid')).toBeTruthy();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('says a contact could not be saved', async () => {
    const { user, services } = await renderWithApp(<ContactsPanel onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: handlers({
        'POST /contacts': () => ({ status: 422, body: { errors: [{ status: 422, message: 'Invalid phone number' }] } }),
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Phone' }));
    await user.type(screen.getByLabelText('Phone number'), '254711000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(services.notices.getSnapshot()[0]).toMatchObject({
        message: 'The contact could not be saved at this time',
        details: ['Invalid phone number'],
      }),
    );
  });

  it('deletes a contact after confirmation, and a notification by its name', async () => {
    const { user, server, services } = await renderWithApp(<ContactsPanel onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: handlers({
        'DELETE /contacts/5': () => ({ body: phone }),
        'DELETE /notifications/11': () => ({ status: 403, body: { errors: [{ status: 403, message: 'Forbidden' }] } }),
      }),
    });
    const phoneRow = (await screen.findByText('254700000001', { selector: '.contact-value' })).closest('li') as HTMLElement;
    await user.click(within(phoneRow).getByRole('button', { name: /Configure/ }));
    const pending = user.click(within(phoneRow).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(services.dialogs.getSnapshot().confirm?.message).toMatch(/254700000001/));
    services.dialogs.answerConfirm(true);
    await pending;
    await waitFor(() =>
      expect(services.notices.getSnapshot().map((n) => n.message)).toContain('The contact 254700000001 has been deleted'),
    );
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/contacts/5')).toBe(true);

    await user.click(await screen.findByRole('button', { name: /Delete Flood reports/ }));
    await waitFor(() =>
      expect(services.notices.getSnapshot().map((n) => n.message)).toContain('The notification could not be deleted at this time'),
    );
    // A refused delete is the caller's to report: the session does not send anyone to /forbidden.
    expect(services.session.getSnapshot().value).toBe('loggedIn');
  });
});
