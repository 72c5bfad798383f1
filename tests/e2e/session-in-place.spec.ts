import { apiPost, blockTiles, plainSurvey, postViaApi } from './posts-support';
import { createUser, expect, keepFirstLoginWizardAway, logIn, shot, test, unique } from './support';
import { expectNoCrash, logOutFromHeader } from './session-support';

/** A survey everyone may post to, whose second task (internal) only those who manage posts see. */
async function surveyWithInternalTask(api: Parameters<typeof plainSurvey>[0]) {
  const name = unique('Verified reports ');
  const form = await apiPost(api, '/forms', { name, require_approval: false, everyone_can_create: true });
  const main = await apiPost(api, `/forms/${form.id}/stages`, {
    label: 'Post',
    type: 'post',
    priority: 0,
    show_when_published: true,
    task_is_internal_only: false,
  });
  const check = await apiPost(api, `/forms/${form.id}/stages`, {
    label: 'Verification',
    type: 'task',
    priority: 1,
    show_when_published: true,
    task_is_internal_only: true,
  });
  let priority = 0;
  const field = (stage: number, body: Record<string, unknown>) =>
    apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: stage, priority: ++priority, ...body });
  await field(main.id, { label: 'Title', type: 'title', input: 'text', required: true });
  await field(main.id, { label: 'Description', type: 'description', input: 'text', required: true });
  await field(main.id, { label: 'Where exactly', type: 'varchar', input: 'text' });
  await field(check.id, { label: 'Verified by', type: 'varchar', input: 'text' });
  return { id: form.id as number, name };
}

test.describe('logging in and out in place', () => {
  test('the post editor keeps what was typed when an administrator logs in, and shows the internal task', async ({ page, api }) => {
    await blockTiles(page);
    await keepFirstLoginWizardAway(page);
    const survey = await surveyWithInternalTask(api);
    const admin = await createUser(api, { role: 'admin' });
    await page.goto(`/posts/create/${survey.id}`);
    await expect(page.getByRole('heading', { name: `New post: ${survey.name}` })).toBeVisible();
    await expect(page.getByText('Verified by')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Bridge closed');
    await page.getByLabel('Where exactly', { exact: true }).fill('North bank');

    await logIn(page, admin.email, admin.password);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByLabel('Verified by', { exact: true })).toBeVisible();
    await expectNoCrash(page);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Bridge closed');
    await expect(page.getByLabel('Where exactly', { exact: true })).toHaveValue('North bank');
    await shot(page, 'session-editor-after-login');

    // Logging out again takes the internal task away, with its field, and keeps the rest.
    await page.getByLabel('Verified by', { exact: true }).fill('Desk');
    await logOutFromHeader(page, admin.realname);
    await expect(page.getByLabel('Verified by', { exact: true })).toHaveCount(0);
    await expectNoCrash(page);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Bridge closed');
    await expect(page.getByText('Desk')).toHaveCount(0);
  });

  test("a collection's owner who logs in on its page gets its Edit and Delete at once, and loses them on log out", async ({
    page,
    api,
  }) => {
    await blockTiles(page);
    await keepFirstLoginWizardAway(page);
    const owner = await createUser(api, { role: 'admin' });
    const survey = await plainSurvey(api);
    const post = await postViaApi(api, survey.id, unique('Collected '));
    const name = unique('Owned ');
    const created = await api.post('/collections', { name, role: [], view: 'data', featured: false }, { token: owner.token });
    expect(created.status, created.text).toBe(200);
    await api.post(`/collections/${created.body.id}/posts`, { id: post.id }, { token: owner.token });

    await page.goto(`/collections/${created.body.id}/data`);
    await expect(page.locator(`.post-card[data-post-id="${post.id}"]`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit collection' })).toHaveCount(0);

    await logIn(page, owner.email, owner.password);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    const header = page.locator('.set-header');
    await expect(header.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expectNoCrash(page);
    await shot(page, 'session-collection-after-login');

    await logOutFromHeader(page, owner.realname);
    await expect(header.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.locator(`.post-card[data-post-id="${post.id}"]`)).toBeVisible();
    await expectNoCrash(page);
  });

  test('the data view shows drafts to a moderator who logs in, and hides them and the open draft at once on log out', async ({
    page,
    api,
  }) => {
    await blockTiles(page);
    await keepFirstLoginWizardAway(page);
    const moderator = await createUser(api, { role: 'admin' });
    const survey = await plainSurvey(api);
    const published = await postViaApi(api, survey.id, unique('Public '));
    const draft = await apiPost(api, '/posts', {
      form_id: survey.id,
      title: unique('Draft '),
      content: 'Not checked yet',
      status: 'draft',
    });

    await page.goto(`/views/data?form=${survey.id}`);
    await expect(page.locator(`.post-card[data-post-id="${published.id}"]`)).toBeVisible();
    await expect(page.locator(`.post-card[data-post-id="${draft.id}"]`)).toHaveCount(0);

    await logIn(page, moderator.email, moderator.password);
    const draftCard = page.locator(`.post-card[data-post-id="${draft.id}"]`);
    await expect(draftCard).toBeVisible();
    await draftCard.getByRole('link', { name: draft.title as string }).click();
    await expect(page.locator('.post-detail-title')).toHaveText(draft.title as string);
    await expectNoCrash(page);
    await shot(page, 'session-data-view-moderator');

    await logOutFromHeader(page, moderator.realname);
    await expect(draftCard).toHaveCount(0);
    await expect(page.getByText(draft.title as string)).toHaveCount(0);
    await expect(page.locator(`.post-card[data-post-id="${published.id}"]`)).toBeVisible();
    await expectNoCrash(page);
  });

  test('logging out on a settings page leaves it for the map at once', async ({ page, api }) => {
    await keepFirstLoginWizardAway(page);
    await blockTiles(page);
    const admin = await createUser(api, { role: 'admin' });
    await page.goto('/views/map');
    await logIn(page, admin.email, admin.password);
    await expect(page.getByRole('button', { name: admin.realname })).toBeVisible();
    await page.goto('/settings/general');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/general$/);

    await logOutFromHeader(page, admin.realname);
    await expect(page).toHaveURL(/\/views\/map$/);
    await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await expectNoCrash(page);
  });
});
