import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberSession, renderWithApp } from '../../test/harness';
import FirstLoginWizard from './FirstLoginWizard';

const admin = memberSession({ role: 'admin', email: 'owner@example.org' });
const site = { name: '', description: '', first_login: true, allowed_privileges: ['read', 'update'] };
const media = {
  id: 4,
  url: 'u',
  user: null,
  caption: null,
  created: 'c',
  updated: null,
  mime: 'image/png',
  original_file_url: 'http://x/media/files/a.png',
  original_file_size: 10,
  original_width: 1,
  original_height: 1,
  allowed_privileges: [],
};

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

describe('FirstLoginWizard', () => {
  it('keeps Continue off while unchanged or invalid, and shows the image rule', async () => {
    const { user } = await renderWithApp(<FirstLoginWizard />, { session: admin, site });
    const next = (await screen.findByRole('button', { name: 'Continue' })) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Deployment name/), 'ab');
    expect(await screen.findByText('Site name must be between 3 and 255 characters')).toBeTruthy();
    expect(next.disabled).toBe(true);
    await user.clear(screen.getByLabelText(/Deployment name/));
    expect(await screen.findByText('Site name is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Deployment name/), 'Flood watch');
    await waitFor(() => expect(next.disabled).toBe(false));

    const image = screen.getByLabelText('Header image');
    await user.upload(image, new File([new Uint8Array(1048577)], 'big.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'Your image is too large (maximum size is 1MB) or has the wrong format (allowed formats are gif, png, jpg and jpeg), please check and try again!',
      ),
    ).toBeTruthy();
    expect(next.disabled).toBe(true);
    await user.upload(image, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await waitFor(() => expect(screen.queryByText(/Your image is too large/)).toBeNull());
    expect(next.disabled).toBe(false);
  });

  it('uploads the image, saves the site, then finishing turns first_login off', async () => {
    const { user, server, services } = await renderWithApp(<FirstLoginWizard />, {
      session: admin,
      site,
      handlers: {
        'POST /media': () => ({ body: media }),
        'PUT /config/site': (r) => ({ body: { id: 'site', ...(r.body as object) } }),
      },
    });
    await user.type(await screen.findByLabelText(/Deployment name/), 'Flood watch');
    await user.type(screen.getByLabelText('Description'), 'River levels');
    await user.upload(screen.getByLabelText('Header image'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 2 of 2')).toBeTruthy();
    const upload = server.requests.find((r) => r.path === '/media');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('logo.png');
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Flood watch',
      description: 'River levels',
      image_header: 'http://x/media/files/a.png',
    });
    expect(screen.getByRole('link', { name: /Invite users/ }).getAttribute('href')).toBe('/settings/users/create');

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(services.dialogs.getSnapshot().dismissed).toContain('firstLogin'));
    expect(server.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ first_login: false });
  });

  it('skipping sets first_login false without saving anything else', async () => {
    const { user, server } = await renderWithApp(<FirstLoginWizard />, {
      session: admin,
      site,
      handlers: { 'PUT /config/site': (r) => ({ body: { id: 'site', ...(r.body as object) } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ first_login: false }]));
  });
});
