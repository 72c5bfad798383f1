import { adminToken, expect, shot, test, unique } from './support';
import { expectNoHorizontalScroll, logInAs } from './settings-admin';

test.describe('plan settings', { tag: '@deployment' }, () => {
  test('shows the tier, the Basic and Enterprise tabs, the sign-up link, info blocks and the FAQ', async ({ page, api, baseURL }) => {
    const me = await logInAs(page, api, 'admin', '/settings/plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expect(page).toHaveTitle(/^Plan settings/);
    const tier = (await api.get('/config/site', { token: await adminToken(api) })).body.tier as string;
    expect(tier).toBe('free');
    await expect(page.getByText('Your current plan: Mapper')).toBeVisible();
    // Legacy tiers tell admins where their plan went.
    await expect(page.getByText(/You have the Mapper plan\. This plan is now out of date/)).toBeVisible();
    await expect(page.getByText(/90% off/)).toBeVisible();
    await expect(page.getByText(/waived \(set at \$0\) for 90 days/)).toBeVisible();

    const basic = page.getByRole('tab', { name: 'Basic' });
    const enterprise = page.getByRole('tab', { name: 'Enterprise' });
    await expect(basic).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Basic' })).toContainText('$0 for the next 90 days, then $49.9 per month');
    const signUp = page.getByRole('link', { name: 'Sign up' });
    const href = new URL((await signUp.getAttribute('href')) ?? '');
    expect(href.searchParams.get('subdomain')).toBe(new URL(baseURL!).hostname);
    expect(href.searchParams.get('username')).toBe(me.email);
    expect(href.search).toContain(`username=${encodeURIComponent(me.email)}`);
    expect(href.searchParams.get('tier')).toBe('level_1');
    await expect(page.getByRole('button', { name: 'Subscribed' })).toHaveCount(0);
    await shot(page, 'settings-plan');

    // Tabs from the keyboard.
    await basic.focus();
    await page.keyboard.press('ArrowRight');
    await expect(enterprise).toBeFocused();
    await expect(enterprise).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Basic' })).toBeHidden();
    await expect(page.getByRole('tabpanel', { name: 'Enterprise' })).toContainText('Starts at $5,000');
    await expect(page.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute('href', /^https:\/\//);

    await expect(
      page.getByText('This is a nonprofit, open source, hosted platform for collecting, monitoring and responding to reports.'),
    ).toBeVisible();
    for (const block of [
      'Grassroots projects',
      'Open source',
      'International development and research organisations',
      'Foundations and funders',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: block })).toBeVisible();
    }
    await page.getByText('What can custom roles do?').click();
    for (const permission of ['Manage Users', 'Manage Posts', 'Manage Settings', 'Bulk Data Import', 'Edit their own posts']) {
      await expect(page.locator('.faq li', { hasText: permission }).first()).toBeVisible();
    }
    await shot(page, 'settings-plan-enterprise');
  });

  test('only admins see the legacy plan notice; it works at 360 px wide', async ({ page, api }) => {
    const token = await adminToken(api);
    const role = unique('planviewer');
    expect((await api.post('/roles', { name: role, display_name: role, permissions: ['Manage Users'] }, { token })).status).toBe(200);
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs(page, api, role, '/settings/plan');
    await expect(page.getByText('Your current plan: Mapper')).toBeVisible();
    await expect(page.getByText(/This plan is now out of date/)).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await shot(page, 'settings-plan-phone');
  });
});
