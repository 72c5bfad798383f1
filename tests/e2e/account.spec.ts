import type { Page } from '@playwright/test';
import { createUser, expect, logIn, passwordToken, shot, test, type TestUser } from './support';

async function openFromAccountMenu(page: Page, user: TestUser, item: string) {
  await page.getByRole('button', { name: new RegExp(user.realname) }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
}

test.describe('account', () => {
  test('edit the profile: validation, a new name and a new password', async ({ page, api }) => {
    const user = await createUser(api);
    await page.goto('/views/map');
    await logIn(page, user.email, user.password);
    await openFromAccountMenu(page, user, 'Profile');

    const dialog = page.getByRole('dialog', { name: 'Your profile' });
    await expect(dialog.getByLabel('Role')).toHaveValue('Member');
    await expect(dialog.getByLabel('Role')).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Full name')).toHaveValue(user.realname);
    await expect(dialog.getByLabel('Email address')).toHaveValue(user.email);
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();

    await dialog.getByLabel('Email address').fill('');
    await expect(dialog.getByText('Email address is required')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Email address').fill(user.email);
    await dialog.getByLabel('Full name').fill('x'.repeat(151));
    await expect(dialog.getByText('Full name is too long')).toBeVisible();
    await expect(save).toBeDisabled();

    const newName = `${user.realname} Renamed`;
    await dialog.getByLabel('Full name').fill(newName);
    await expect(dialog.getByLabel('New password')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByLabel('New password')).toBeFocused();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('New password').fill('short');
    await expect(dialog.getByText('This password is too short')).toBeVisible();
    await dialog.getByLabel('New password').fill('a changed password');
    await expect(save).toBeEnabled();
    await shot(page, 'profile-dialog');
    await save.click();

    await expect(page.getByRole('status').filter({ hasText: 'Your profile has been updated' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: new RegExp(newName) })).toBeVisible();
    // The server has it too, and the new password works.
    const token = await passwordToken(api, user.email, 'a changed password');
    expect((await api.get('/users/me', { token })).body.realname).toBe(newName);
  });

  test('contacts: add, edit and delete; the login e-mail is offered and never deletable', async ({ page, api }) => {
    const user = await createUser(api);
    await page.goto('/views/map');
    await logIn(page, user.email, user.password);
    await openFromAccountMenu(page, user, 'Contacts and notifications');

    const dialog = page.getByRole('dialog', { name: 'Contacts and notifications' });
    const save = dialog.getByRole('button', { name: 'Save' });
    const rows = dialog.locator('.contact-list > li');
    // The login e-mail, shown although the account has no contact yet.
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(user.email);
    await expect(rows.first()).toContainText('Login email');
    await expect(dialog.getByText('You are not following any collection or saved search.')).toBeVisible();
    await expect(save).toBeDisabled();

    await rows
      .first()
      .getByRole('button', { name: /Configure/ })
      .click();
    await expect(rows.first().getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await rows
      .first()
      .getByRole('button', { name: /Configure/ })
      .click();

    // Adding: digits only for a phone.
    await dialog.getByRole('radio', { name: 'Phone' }).check();
    await dialog.getByLabel('Phone number').fill('+2547 00');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog.getByText('A phone number may only contain digits')).toBeVisible();
    await dialog.getByLabel('Phone number').fill('254700000001');
    // And the login e-mail starts receiving notifications.
    await rows
      .first()
      .getByRole('switch', { name: /Send notifications/ })
      .check();
    await shot(page, 'contacts-adding');
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your contacts have been saved' })).toBeVisible();
    // The dialog stays open and says the contacts are saved: the next contact follows at once.
    await expect(
      dialog.getByRole('status').filter({ hasText: 'Saved. You can add another contact or manage your notifications.' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeVisible();
    await expect(save).toBeDisabled();
    await shot(page, 'contacts-saved');

    const listed = async () =>
      (
        (await api.get('/contacts', { token: user.token, headers: {} })).body.results as Array<{
          type: string;
          contact: string;
          can_notify: boolean;
        }>
      ).map((c) => `${c.type}:${c.contact}:${c.can_notify}`);
    expect((await listed()).sort()).toEqual([`email:${user.email}:true`, 'phone:254700000001:true']);

    // Editing, in the same dialog: a leading plus is fine now.
    const phone = rows.filter({ hasText: '254700000001' });
    await expect(rows).toHaveCount(2);
    await phone.getByRole('button', { name: /Configure/ }).click();
    await expect(save).toBeDisabled();
    await phone.getByLabel('Phone').fill('+254 700');
    await save.click();
    await expect(phone.getByText('A phone number may only contain digits, with an optional + in front')).toBeVisible();
    await phone.getByLabel('Phone').fill('+254700000002');
    await phone.getByRole('switch', { name: /Send notifications/ }).uncheck();
    await shot(page, 'contacts-editing');
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your contacts have been saved' })).toBeVisible();
    expect((await listed()).sort()).toEqual([`email:${user.email}:true`, 'phone:+254700000002:false']);

    // Deleting asks first; the login e-mail contact has no delete button.
    await rows
      .filter({ hasText: user.email })
      .getByRole('button', { name: /Configure/ })
      .click();
    await expect(rows.filter({ hasText: user.email }).getByRole('button', { name: /Delete/ })).toHaveCount(0);
    const edited = rows.filter({ hasText: '+254700000002' });
    await edited.getByRole('button', { name: /Configure/ }).click();
    await edited.getByRole('button', { name: /Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete contact' });
    await expect(confirm).toBeVisible();
    await shot(page, 'contacts-confirm-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The contact +254700000002 has been deleted' })).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect(await listed()).toEqual([`email:${user.email}:true`]);
  });

  test('account settings has a general and a notifications tab', async ({ page, api }) => {
    const user = await createUser(api);
    await page.goto('/views/map');
    await logIn(page, user.email, user.password);
    await openFromAccountMenu(page, user, 'Account settings');
    const dialog = page.getByRole('dialog', { name: 'Account settings' });
    await expect(dialog.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Full name')).toHaveValue(user.realname);
    await dialog.getByRole('tab', { name: 'General' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).toContainText(user.email);
    await expect(dialog.getByRole('heading', { name: 'Your notifications' })).toBeVisible();
    await shot(page, 'account-settings-notifications');
  });
});
