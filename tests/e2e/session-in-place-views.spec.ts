import { mappedPost, mappedSurvey, apiPost, readyMap } from './map-support';
import { blockTiles, everyFieldSurvey, FIELD, fieldset, plainSurvey, postViaApi } from './posts-support';
import { expectNoCrash, logOutFromHeader } from './session-support';
import { openAs } from './settings-session';
import { adminToken, createUser, expect, keepFirstLoginWizardAway, logIn, shot, test, unique } from './support';

// Issue 30: the map, saved search and activity screens, and lock holders, follow a login or logout in place.
test.describe('logging in and out in place, on the other screens', () => {
  test.beforeEach(async ({ page }) => {
    await blockTiles(page);
    await keepFirstLoginWizardAway(page);
  });

  test('the post editor of a survey with every field type keeps what was typed across a login and a logout', async ({ page, api }) => {
    const survey = await everyFieldSurvey(api);
    // Open to everyone, its post task shown to visitors (a new task is internal until said otherwise).
    const token = await adminToken(api);
    expect((await api.put(`/forms/${survey.id}`, { everyone_can_create: true }, { token })).status).toBe(200);
    const stages = (await api.get(`/forms/${survey.id}/stages`, { token })).body.results as Array<{ id: number; type: string }>;
    const main = stages.find((stage) => stage.type === 'post');
    const shown = await api.put(`/forms/${survey.id}/stages/${main?.id}`, { task_is_internal_only: false }, { token });
    expect(shown.status, shown.text).toBe(200);
    const admin = await createUser(api, { role: 'admin' });

    await page.goto(`/posts/create/${survey.id}`);
    await expect(page.getByRole('heading', { name: `New post: ${survey.name}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Road under water');
    await page.getByLabel(FIELD.reporter, { exact: true }).fill('Amina');
    await page.getByLabel(FIELD.notes, { exact: true }).fill('Two cars stuck.');
    await page.getByLabel(FIELD.people, { exact: true }).fill('42');
    await page.getByLabel(FIELD.kind, { exact: true }).selectOption('Flood');
    await fieldset(page, FIELD.urgency).getByLabel('High').check();
    await fieldset(page, FIELD.damage).getByLabel('Roads').check();

    const kept = async () => {
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Road under water');
      await expect(page.getByLabel(FIELD.reporter, { exact: true })).toHaveValue('Amina');
      await expect(page.getByLabel(FIELD.notes, { exact: true })).toHaveValue('Two cars stuck.');
      await expect(page.getByLabel(FIELD.people, { exact: true })).toHaveValue('42');
      await expect(page.getByLabel(FIELD.kind, { exact: true })).toHaveValue('Flood');
      await expect(fieldset(page, FIELD.urgency).getByLabel('High')).toBeChecked();
      await expect(fieldset(page, FIELD.damage).getByLabel('Roads')).toBeChecked();
    };

    await logIn(page, admin.email, admin.password);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: admin.realname })).toBeVisible();
    await expectNoCrash(page);
    await kept();
    // The categories, the related post search and the media field are there for the new session.
    await expect(fieldset(page, FIELD.topics).getByLabel(survey.childTag.tag)).toBeVisible();
    await expect(fieldset(page, FIELD.related)).toBeVisible();
    await expect(fieldset(page, FIELD.photo)).toBeVisible();
    await shot(page, 'session-every-field-editor-after-login');

    await logOutFromHeader(page, admin.realname);
    await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    await expectNoCrash(page);
    await kept();
  });

  test("the map counts a moderator's drafts once they log in, and drops them at once on log out", async ({ page, api }) => {
    const survey = await mappedSurvey(api, '#7a3db8', 'Session map ');
    await mappedPost(api, survey, unique('Seen '), -1.28, 36.82);
    await apiPost(api, '/posts', {
      form_id: survey.id,
      title: unique('Unchecked '),
      content: 'Not reviewed yet',
      status: 'draft',
      values: { [survey.point]: [{ lat: -1.3, lon: 36.8 }] },
    });
    const moderator = await createUser(api, { role: 'admin' });

    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);
    const stats = page.locator('.map-stats');
    await expect(stats).toHaveText('1 post on the map');

    await logIn(page, moderator.email, moderator.password);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(stats).toHaveText('2 posts on the map');
    await expectNoCrash(page);
    await shot(page, 'session-map-after-login');

    await logOutFromHeader(page, moderator.realname);
    await expect(stats).toHaveText('1 post on the map');
    await expectNoCrash(page);
  });

  test("a saved search's owner who logs in on its page gets its Edit and Delete at once, and loses them on log out", async ({
    page,
    api,
  }) => {
    const owner = await createUser(api, { role: 'admin' });
    const survey = await plainSurvey(api);
    const word = unique('kiln');
    const match = await postViaApi(api, survey.id, `Smoke at the ${word}`);
    const name = unique('Kilns ');
    const created = await api.post('/savedsearches', { name, filter: { q: word }, role: [], view: 'data' }, { token: owner.token });
    expect(created.status, created.text).toBe(200);

    await page.goto(`/savedsearches/${created.body.id}/data`);
    const header = page.locator('.set-header');
    await expect(header.getByRole('heading', { name })).toBeVisible();
    await expect(page.locator(`.post-card[data-post-id="${match.id}"]`)).toBeVisible();
    await expect(header.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    await logIn(page, owner.email, owner.password);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expectNoCrash(page);
    await shot(page, 'session-saved-search-after-login');

    await logOutFromHeader(page, owner.realname);
    await expect(header.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.locator(`.post-card[data-post-id="${match.id}"]`)).toBeVisible();
    await expectNoCrash(page);
  });

  test('the activity page shows a moderator the survey tables with drafts counted once they log in, and drops them on log out', async ({
    page,
    api,
  }) => {
    const survey = await mappedSurvey(api, '#2f7d4f', 'Session activity ');
    await mappedPost(api, survey, unique('Counted '), 2, 2);
    await apiPost(api, '/posts', { form_id: survey.id, title: unique('Draft '), content: 'Waiting', status: 'draft' });
    const moderator = await createUser(api, { role: 'admin' });

    await page.goto('/activity');
    await expect(page.getByRole('region', { name: 'Activity by volume' }).locator('canvas')).toBeVisible();
    const tables = page.getByRole('region', { name: 'Crowdsourced survey activity', exact: true });
    await expect(tables).toHaveCount(0);

    await logIn(page, moderator.email, moderator.password);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(
      tables
        .getByRole('row', { name: new RegExp(survey.name) })
        .getByRole('cell')
        .first(),
    ).toHaveText('2');
    await expectNoCrash(page);
    await shot(page, 'session-activity-after-login');

    await logOutFromHeader(page, moderator.realname);
    await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    await expect(tables).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Activity by volume' }).locator('canvas')).toBeVisible();
    await expectNoCrash(page);
  });

  test('logging out on a post being edited by someone else hides who holds the lock', async ({ page, api }) => {
    const survey = await plainSurvey(api);
    const post = await postViaApi(api, survey.id, unique('Held '));
    const holder = await createUser(api, { role: 'admin', realname: unique('Holder ') });
    expect((await api.put(`/posts/${post.id}/lock`, {}, { token: holder.token })).status).toBe(200);

    const viewer = await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);
    await page
      .locator(`.post-card[data-post-id="${post.id}"]`)
      .getByRole('link', { name: post.title as string })
      .click();
    const lock = page.locator('.post-detail .post-lock-message');
    await expect(lock).toContainText(`${holder.realname} is working on this post right now.`);
    await shot(page, 'session-lock-before-logout');

    await logOutFromHeader(page, viewer.realname);
    await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    await expect(page.locator('.post-detail-title')).toHaveText(post.title as string);
    await expect(page.getByText(holder.realname)).toHaveCount(0);
    await expectNoCrash(page);
  });
});
