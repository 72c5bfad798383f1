import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memberSession, renderWithApp, listAnswer as list } from '../../test/harness';
import { AddPostButton } from './AddPostButton';

const form = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  url: `f/${id}`,
  parent: null,
  name,
  description: null,
  color: '#112233',
  type: 'report',
  disabled: false,
  created: '2025-01-01T00:00:00+00:00',
  updated: null,
  hide_author: false,
  hide_time: false,
  hide_location: false,
  require_approval: false,
  everyone_can_create: true,
  targeted_survey: false,
  can_create: [],
  tags: [],
  allowed_privileges: [],
  ...over,
});

/** The add-post button on the data view, and a create page that names the survey it was opened for. */
async function renderButton(forms: unknown[], gate?: Promise<void>) {
  return renderWithApp(
    <Routes>
      <Route path="/views/data" element={<AddPostButton primary />} />
      <Route path="/posts/create/:formId" element={<p>create page</p>} />
    </Routes>,
    {
      route: '/views/data',
      session: memberSession(),
      handlers: {
        'GET /forms': async () => {
          await gate;
          return { body: list(forms) };
        },
      },
    },
  );
}

describe('add-post button (spec 2 screen 12)', () => {
  it('is disabled until the allowed surveys have loaded', async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await renderButton([form(1, 'Floods')], gate);
    expect(((await screen.findByRole('button', { name: /Add post/ })) as HTMLButtonElement).disabled).toBe(true);
    open();
    await expect.poll(() => (screen.getByRole('button', { name: /Add post/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes straight to the only allowed survey; targeted and closed surveys do not count', async () => {
    const { user } = await renderButton([
      form(1, 'Floods'),
      form(2, 'Phone survey', { targeted_survey: true, everyone_can_create: false }),
      form(3, 'Staff only', { everyone_can_create: false, can_create: ['staff'] }),
    ]);
    const button = await screen.findByRole('button', { name: /Add post/ });
    await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    expect(await screen.findByText('create page')).toBeTruthy();
  });

  it('lists the surveys when there are several, hiding targeted ones', async () => {
    const { user } = await renderButton([
      form(1, 'Floods'),
      form(4, 'Roads'),
      form(2, 'Phone survey', { targeted_survey: true, everyone_can_create: false }),
    ]);
    const button = await screen.findByRole('button', { name: /Add post/ });
    await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    const menu = screen.getByRole('group', { name: 'Choose a survey' });
    const links = Array.from(menu.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Floods', '/posts/create/1'],
      ['Roads', '/posts/create/4'],
    ]);
  });

  it('is not shown to someone who may post in no survey', async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await renderButton([form(3, 'Staff only', { everyone_can_create: false, can_create: ['staff'] })], gate);
    // Shown (disabled) while loading, gone once the answer says there is nowhere to post.
    expect(((await screen.findByRole('button', { name: /Add post/ })) as HTMLButtonElement).disabled).toBe(true);
    open();
    await expect.poll(() => screen.queryByRole('button', { name: /Add post/ })).toBeNull();
  });
});
