import { expectAccessible, expectNoOverflow, openAs } from './settings-session';
import {
  apiGet,
  apiPost,
  blockTiles,
  everyFieldSurvey,
  FIELD,
  fieldset,
  plainSurvey,
  PNG,
  postViaApi,
  uploadViaApi,
} from './posts-support';
import { adminToken, expect, onE2eDatabase, shot, test, unique } from './support';

const SAVED = /Thank you for your submission, your post ".*" has been published\./;

test.describe('posts: create, edit, moderate and browse', () => {
  test('creates a post with a value of every field type and shows it in the list and the detail', async ({ page, api, baseURL }) => {
    await blockTiles(page);
    const survey = await everyFieldSurvey(api);
    const plain = await plainSurvey(api);
    const relatedTitle = unique('Related well ');
    const related = await postViaApi(api, plain.id, relatedTitle);
    const title = unique('Flooded road ');

    await openAs(page, api, 'admin', '/views/data');
    await expect(page.locator('.post-card').first()).toBeVisible();
    // The add-post button lists the surveys (several exist here) and opens the chosen one's form.
    const add = page.locator('.add-post-primary').getByRole('button', { name: 'Add post' });
    await expect(add).toBeEnabled();
    await add.click();
    await page.getByRole('group', { name: 'Choose a survey' }).getByRole('link', { name: survey.name }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/create/${survey.id}$`));
    await expect(page.getByRole('heading', { name: `New post: ${survey.name}` })).toBeVisible();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Water over the road since the morning.');
    await page.getByLabel(FIELD.reporter, { exact: true }).fill('Amina');
    // Up to two witnesses: "Add another" while below the cardinality, "Remove" while more than one.
    const witnesses = fieldset(page, FIELD.witnesses);
    await expect(witnesses.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await page.getByLabel(FIELD.witnesses, { exact: true }).fill('Joe');
    await witnesses.getByRole('button', { name: `Add another ${FIELD.witnesses}` }).click();
    await page.getByLabel(`${FIELD.witnesses} 2`, { exact: true }).fill('Mary');
    await expect(witnesses.getByRole('button', { name: `Add another ${FIELD.witnesses}` })).toHaveCount(0);
    await expect(witnesses.getByRole('button', { name: /^Remove/ })).toHaveCount(2);
    await page.getByLabel(FIELD.notes, { exact: true }).fill('Two cars stuck.');
    await page.getByLabel(FIELD.details, { exact: true }).fill('The **main** bridge is closed.');
    await page.getByLabel(FIELD.people, { exact: true }).fill('42');
    await page.getByLabel(FIELD.depth, { exact: true }).fill('1.5');
    await page.getByLabel(FIELD.day, { exact: true }).fill('2026-11-20');
    await page.getByLabel(FIELD.moment, { exact: true }).fill('2026-11-20T10:30');
    await page.getByLabel(FIELD.kind, { exact: true }).selectOption('Flood');
    await fieldset(page, FIELD.urgency).getByLabel('High').check();
    await fieldset(page, FIELD.damage).getByLabel('Roads').check();
    await fieldset(page, FIELD.damage).getByLabel('Power').check();
    // Picking a child category picks its parent too (spec 2 section 5).
    const topics = fieldset(page, FIELD.topics);
    await topics.getByLabel(survey.childTag.tag).check();
    await expect(topics.getByLabel(survey.parentTag.tag)).toBeChecked();

    // The location picker: a click on the map places the point, the boxes take exact values.
    const place = fieldset(page, FIELD.place);
    const map = place.getByRole('region', { name: `Map for ${FIELD.place}: click to place the point` });
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const box = await map.boundingBox();
    expect(box?.height).toBe(265);
    // The place search (offline gazetteer) moves the point to the place picked.
    await place.getByLabel(`Search for a place for ${FIELD.place}`).fill('Mombasa');
    await place
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /^Mombasa/ })
      .first()
      .click();
    await expect(place.getByLabel('Latitude')).toHaveValue(/^-4\.0/);
    await expect(place.getByLabel('Longitude')).toHaveValue(/^39\.6/);
    const found = await place.getByLabel('Latitude').inputValue();
    await map.click({ position: { x: 40, y: 20 } });
    await expect(place.getByLabel('Latitude')).not.toHaveValue(found);
    expect(Number(await place.getByLabel('Latitude').inputValue())).toBeGreaterThan(Number(found));
    await expect(place.getByLabel('Latitude')).not.toHaveValue('');
    await expect(place.getByLabel('Longitude')).not.toHaveValue('');
    await place.getByLabel('Latitude').fill('-1.2921');
    await place.getByLabel('Longitude').fill('36.8219');
    await place.getByRole('button', { name: 'Update map' }).click();
    await expect(map.locator('.maplibregl-marker')).toHaveCount(1);

    await page.getByLabel(FIELD.video, { exact: true }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(page.locator('.video-preview iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');

    const relation = fieldset(page, FIELD.related);
    // Bring the field up first: the video preview above it loads as it scrolls into view.
    await relation.scrollIntoViewIfNeeded();
    await relation.getByLabel(`Search posts for ${FIELD.related}`).fill(relatedTitle);
    const result = relation.getByRole('list', { name: 'Search results' }).getByRole('button', { name: relatedTitle });
    await result.scrollIntoViewIfNeeded();
    await result.click();
    await expect(relation.locator('.relation-list')).toContainText(relatedTitle);

    const photo = fieldset(page, FIELD.photo);
    await photo.locator('input[type=file]').setInputFiles({ name: 'road.png', mimeType: 'image/png', buffer: PNG });
    await expect(photo.getByRole('img', { name: 'Photo preview' })).toBeVisible();
    await photo.getByLabel('Caption').fill('The road at noon');
    // The pick button is outlined while the file input behind it has the keyboard, not while the caption has.
    const pick = photo.locator('label', { hasText: 'Replace photo' });
    await expect(pick).toHaveCSS('outline-style', 'none');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(photo.locator('input[type=file]')).toBeFocused();
    await expect(pick).not.toHaveCSS('outline-style', 'none');

    // The task tab with its "Task completed" switch.
    await expect(page.getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel(FIELD.checked, { exact: true }).fill('Moderator Joe');
    await page.getByLabel('Task completed').check();
    await shot(page, 'posts-editor-filled');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(/\/posts\/\d+$/);
    const id = Number(/\/posts\/(\d+)$/.exec(page.url())?.[1]);

    // What was stored: every value in its wire shape (API-CONTRACT 8.2).
    const stored = await apiGet(api, `/posts/${id}`);
    const k = survey.keys;
    expect(stored).toMatchObject({
      title,
      content: 'Water over the road since the morning.',
      status: 'published',
      completed_stages: [survey.reviewStage],
    });
    expect(stored.values[k.reporter]).toEqual(['Amina']);
    expect(stored.values[k.witnesses]).toEqual(['Joe', 'Mary']);
    expect(stored.values[k.notes]).toEqual(['Two cars stuck.']);
    expect(stored.values[k.details]).toEqual(['The **main** bridge is closed.']);
    expect(stored.values[k.people].map(Number)).toEqual([42]);
    expect(stored.values[k.depth].map(Number)).toEqual([1.5]);
    expect(stored.values[k.day][0]).toMatch(/^2026-11-20/);
    expect(stored.values[k.moment]).toHaveLength(1);
    expect(stored.values[k.kind]).toEqual(['Flood']);
    expect(stored.values[k.urgency]).toEqual(['High']);
    expect(stored.values[k.damage]).toEqual(['Roads', 'Power']);
    expect(stored.values[k.topics].map(Number).sort()).toEqual([survey.parentTag.id, survey.childTag.id].sort());
    expect(stored.values[k.place]).toEqual([{ lat: -1.2921, lon: 36.8219 }]);
    expect(stored.values[k.video]).toEqual(['https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
    expect(stored.values[k.related].map(Number)).toEqual([related.id]);
    expect(stored.values[k.photo]).toHaveLength(1);
    expect(stored.values[k.checked]).toEqual(['Moderator Joe']);
    const media = await apiGet(api, `${baseURL}/api/v3/media/${stored.values[k.photo][0]}`);
    expect(media.caption).toBe('The road at noon');

    // The detail shows the post with its values and its map.
    const detail = page.locator('.post-detail');
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    await expect(detail.locator('.post-content')).toContainText('Water over the road');
    const value = (label: string) =>
      detail
        .locator('.post-value')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    await expect(value(FIELD.reporter)).toHaveText('Amina');
    await expect(value(FIELD.details).locator('strong')).toHaveText('main');
    await expect(value(FIELD.people)).toHaveText('42');
    await expect(value(FIELD.kind)).toHaveText('Flood');
    await expect(value(FIELD.urgency)).toHaveText('High');
    await expect(value(FIELD.damage)).toContainText('Roads');
    await expect(value(FIELD.damage)).toContainText('Power');
    await expect(value(FIELD.topics)).toContainText(survey.childTag.tag);
    await expect(value(FIELD.topics)).toContainText(survey.parentTag.tag);
    await expect(value(FIELD.related).getByRole('link', { name: relatedTitle })).toBeVisible();
    await expect(value(FIELD.video).getByRole('link')).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(value(FIELD.photo).getByRole('img', { name: 'The road at noon' })).toBeVisible();
    const postMap = detail.getByRole('region', { name: "Map of this post's locations" });
    await expect(postMap).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await expect(postMap.locator('.maplibregl-marker')).toHaveCount(1);
    await expect(detail.locator('.post-locations')).toContainText('-1.2921, 36.8219');
    // The location is shown once: the map with its coordinates, not also as a field value.
    await expect(value(FIELD.place)).toHaveCount(0);
    await expect(detail.getByText('-1.2921, 36.8219')).toHaveCount(1);

    // ...and the list has it at the top, selected.
    const card = page.locator(`.post-card[data-post-id="${id}"]`);
    await expect(card).toBeVisible();
    await expect(card).toHaveClass(/post-card-selected/);
    await expect(page.locator('.post-card').first()).toHaveAttribute('data-post-id', String(id));
    await shot(page, 'posts-detail-after-create');
    await expectAccessible(page);
  });

  test('shows the validation messages and the server rules on the form', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await everyFieldSurvey(api);
    await openAs(page, api, 'admin', `/posts/create/${survey.id}`);
    await expect(page.getByRole('heading', { name: `New post: ${survey.name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Required fields are missing, these fields are marked with an * below.')).toBeVisible();
    await expect(page.locator('#post-editor-title-error')).toHaveText('The title is required');
    await expect(page.locator('#post-editor-content-error')).toHaveText('Description cannot be empty');
    await expect(fieldset(page, FIELD.reporter).locator('.field-error')).toHaveText(`attribute ${FIELD.reporter} is required`);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Something');
    await page.getByLabel(FIELD.reporter, { exact: true }).fill('Amina');
    await page.getByLabel(FIELD.video, { exact: true }).fill('https://example.com/clip');
    await fieldset(page, FIELD.place).getByLabel('Latitude').fill('95');
    await fieldset(page, FIELD.place).getByLabel('Longitude').fill('36.8');
    await page.getByLabel(FIELD.people, { exact: true }).fill('2.5');
    // The required field of a task counts once the task is marked completed.
    await page.getByLabel('Task completed').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldset(page, FIELD.checked).locator('.field-error')).toHaveText(
      `attribute ${FIELD.checked} is required before stage "Review" can be completed`,
    );
    await expect(page.locator('#post-editor-title-error')).toHaveText('The title must be at least 2 characters long');
    await expect(fieldset(page, FIELD.reporter).locator('.field-error')).toHaveCount(0);
    await expect(fieldset(page, FIELD.video).locator('.field-error')).toContainText(
      `The field ${FIELD.video} must be either a youtube or vimeo url`,
    );
    await expect(fieldset(page, FIELD.place).locator('.field-error')).toHaveText(`the field ${FIELD.place} must contain a valid latitude`);
    await expect(fieldset(page, FIELD.people).locator('.field-error')).toContainText(`The field ${FIELD.people} must be a digit`);
    await shot(page, 'posts-editor-validation');
    // At phone width the form takes the whole column, without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.post-timeline')).toBeHidden();
    await expectNoOverflow(page);
    await shot(page, 'posts-editor-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Fixed, it saves; nothing went to the server before.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A proper title');
    await page.getByLabel(FIELD.video, { exact: true }).fill('https://vimeo.com/76979871');
    await fieldset(page, FIELD.place).getByLabel('Latitude').fill('-1.3');
    await page.getByLabel(FIELD.people, { exact: true }).fill('2');
    await page.getByLabel('Task completed').uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(/\/posts\/\d+$/);
  });

  test('puts what only the server can check on the field it concerns', async ({ page, api }) => {
    await blockTiles(page);
    // A survey whose second task must be completed before a post is published.
    const name = unique('Approval ');
    const form = await apiPost(api, '/forms', { name, require_approval: false });
    const main = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
    await apiPost(api, `/forms/${form.id}/stages`, { label: 'Approval', type: 'task', priority: 1, required: true });
    const attribute = (body: Record<string, unknown>) => apiPost(api, `/forms/${form.id}/attributes`, { form_stage_id: main.id, ...body });
    await attribute({ label: 'Title', type: 'title', input: 'text', priority: 1 });
    await attribute({ label: 'Description', type: 'description', input: 'text', priority: 2 });
    await attribute({ label: FIELD.related, type: 'relation', input: 'relation', priority: 3 });
    const plain = await plainSurvey(api);
    const goneTitle = unique('Soon gone ');
    const gone = await postViaApi(api, plain.id, goneTitle);

    await openAs(page, api, 'admin', `/posts/create/${form.id}`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Waiting for approval');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Checked by the server');
    const relation = fieldset(page, FIELD.related);
    await relation.getByLabel(`Search posts for ${FIELD.related}`).fill(goneTitle);
    await relation.getByRole('list', { name: 'Search results' }).getByRole('button', { name: goneTitle }).click();
    await expect(relation.locator('.relation-list')).toContainText(goneTitle);
    // The related post is deleted while the form is open: only the server knows.
    const deleted = await api.del(`/posts/${gone.id}`, { token: await adminToken(api) });
    expect(deleted.status, deleted.text).toBe(200);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Required fields are missing, these fields are marked with an * below.')).toBeVisible();
    await expect(relation.locator('.field-error')).toHaveText(`The field ${FIELD.related} must be a valid post id, Post id: ${gone.id}`);
    await expect(page.getByRole('tabpanel').locator('.field-error')).toHaveText('Stage "Approval" is required before publishing');
    await expect(page).toHaveURL(new RegExp(`/posts/create/${form.id}$`));
    await shot(page, 'posts-editor-server-problems');

    // Fixed: the relation removed and the task completed, it saves.
    await relation.getByRole('button', { name: `Remove ${goneTitle}` }).click();
    await page.getByLabel('Task completed').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(/\/posts\/\d+$/);
  });

  test('edits a post; no changes, unsaved changes and a saved change', async ({ page, api, baseURL }) => {
    // Five trips through the editor: about 30 s alone, past 60 s beside another worker on a slow machine.
    await blockTiles(page);
    const survey = await everyFieldSurvey(api);
    const title = unique('Edit me ');
    const photoId = await uploadViaApi(api, baseURL!, 'First caption');
    const post = await postViaApi(api, survey.id, title, {
      [survey.keys.reporter]: ['Amina'],
      [survey.keys.kind]: ['Fire'],
      [survey.keys.place]: [{ lat: 1.5, lon: 2.5 }],
      [survey.keys.photo]: [photoId],
    });
    await openAs(page, api, 'admin', `/posts/${post.id}`);
    const detail = page.locator('.post-detail');
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    await detail.getByRole('button', { name: `Actions for ${title}` }).click();
    await detail.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}/edit$`));

    // The stored values are in the form.
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(page.getByLabel(FIELD.reporter, { exact: true })).toHaveValue('Amina');
    await expect(page.getByLabel(FIELD.kind, { exact: true })).toHaveValue('Fire');
    await expect(fieldset(page, FIELD.place).getByLabel('Latitude')).toHaveValue('1.5');

    // Saving without a change only says so.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('You have not made any changes to this post.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}/edit$`));

    // Leaving with changes asks first; staying keeps the change.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} changed`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(prompt).toContainText('You have unsaved changes.');
    await shot(page, 'posts-editor-unsaved-prompt');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}/edit$`));
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${title} changed`);
    // A link elsewhere (the post's own card in the list) asks as well; leaving drops the change.
    await page.locator(`.post-card[data-post-id="${post.id}"]`).getByRole('link', { name: title }).click();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/views\/data$/);
    await expect(page.getByRole('form')).toHaveCount(0);
    expect((await apiGet(api, `/posts/${post.id}`)).title).toBe(title);

    // A saved edit goes back to the detail, and the list follows.
    await page.goto(`/posts/${post.id}/edit`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} v2`);
    await page.getByLabel(FIELD.kind, { exact: true }).selectOption('Flood');
    // The stored photo shows with its caption, and the caption is changed.
    const photo = fieldset(page, FIELD.photo);
    await expect(photo.getByRole('img', { name: 'First caption' })).toBeVisible();
    await photo.getByLabel('Caption').fill('Better caption');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(detail.getByRole('heading', { name: `${title} v2` })).toBeVisible();
    await expect(page.locator(`.post-card[data-post-id="${post.id}"]`)).toContainText(`${title} v2`);
    const stored = await apiGet(api, `/posts/${post.id}`);
    expect(stored.values[survey.keys.kind]).toEqual(['Flood']);
    expect(stored.values[survey.keys.reporter]).toEqual(['Amina']);
    expect(stored.values[survey.keys.place]).toEqual([{ lat: 1.5, lon: 2.5 }]);
    expect(stored.values[survey.keys.photo].map(Number)).toEqual([photoId]);
    expect((await apiGet(api, `${baseURL}/api/v3/media/${photoId}`)).caption).toBe('Better caption');

    // Replacing the photo uploads the new one in its place; deleting it leaves the field empty.
    await page.goto(`/posts/${post.id}/edit`);
    const again = fieldset(page, FIELD.photo);
    await expect(again.getByRole('img', { name: 'Better caption' })).toBeVisible();
    await again.locator('input[type=file]').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect.poll(async () => (await apiGet(api, `/posts/${post.id}`)).values[survey.keys.photo]?.map(Number)).not.toEqual([photoId]);
    const replaced = (await apiGet(api, `/posts/${post.id}`)).values[survey.keys.photo];
    expect(replaced).toHaveLength(1);
    await page.goto(`/posts/${post.id}/edit`);
    await fieldset(page, FIELD.photo).getByRole('button', { name: 'Delete photo' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect.poll(async () => (await apiGet(api, `/posts/${post.id}`)).values[survey.keys.photo]).toBeUndefined();
  });

  test('changes the status from the card menu', async ({ page, api }) => {
    const survey = await plainSurvey(api);
    const title = unique('Status ');
    const post = await postViaApi(api, survey.id, title);
    await openAs(page, api, 'admin', '/views/data');
    const card = page.locator(`.post-card[data-post-id="${post.id}"]`);
    await expect(card.locator('.post-status-published')).toBeVisible();
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await shot(page, 'posts-card-menu');
    await card.getByRole('button', { name: 'Put under review' }).click();
    await expect(page.getByText('The post has been put under review')).toBeVisible();
    await expect(card.locator('.post-status-draft')).toHaveText('Under review');
    expect((await apiGet(api, `/posts/${post.id}`)).status).toBe('draft');

    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await card.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('The post has been archived')).toBeVisible();
    expect((await apiGet(api, `/posts/${post.id}`)).status).toBe('archived');
  });

  test('pages the list, loads more, and selects and deselects a card, keeping the filters', async ({ page, api }) => {
    const survey = await plainSurvey(api);
    const titles: string[] = [];
    for (let i = 0; i < 11; i++) titles.push((await postViaApi(api, survey.id, unique(`Page ${i} `))).title as string);
    // Only this survey's posts (the survey filter lives in the address).
    await openAs(page, api, 'admin', `/views/data?form=${survey.id}`);
    await expect(page.locator('.post-card').first()).toBeVisible();
    await page.getByLabel('Posts per page').selectOption('10');
    await expect(page.locator('.post-card')).toHaveCount(10);
    const count = page.getByRole('status').filter({ hasText: /^Showing/ });
    await expect(count).toHaveText('Showing 10 of 11 posts');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.locator('.post-card')).toHaveCount(11);
    await expect(count).toHaveText('Showing 11 of 11 posts');
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await shot(page, 'posts-data-view');

    // Newest first: the last post made is on top. Selecting it opens the detail, again closes it.
    const top = page.locator('.post-card').first();
    await expect(top).toContainText(titles[10]!);
    await top.locator('.post-card-excerpt').click();
    await expect(page).toHaveURL(new RegExp(`/posts/\\d+\\?form=${survey.id}$`));
    await expect(page.locator('.post-detail').getByRole('heading', { name: titles[10]! })).toBeVisible();
    await expect(top).toHaveClass(/post-card-selected/);
    await top.locator('.post-card-excerpt').click();
    await expect(page).toHaveURL(new RegExp(`/views/data\\?form=${survey.id}$`));
    await expect(page.locator('.post-detail')).toHaveCount(0);

    // Open, edit, cancel and close: the filter is still there, and so is the list as it was.
    await top.locator('.post-card-excerpt').click();
    const detail = page.locator('.post-detail');
    await detail.getByRole('button', { name: `Actions for ${titles[10]!}` }).click();
    await detail.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/\\d+/edit\\?form=${survey.id}$`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.post-detail').getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/views/data\\?form=${survey.id}$`));
    await expect(page.locator('.post-card')).toHaveCount(11);
    await expect(count).toHaveText('Showing 11 of 11 posts');
  });

  test('a second browser sees the new posts banner without reloading, and it prepends the post', async ({ page, browser, api }) => {
    const survey = await plainSurvey(api);
    const before = await postViaApi(api, survey.id, unique('Earlier '));
    await openAs(page, api, 'admin', '/views/data');
    await expect(page.locator('.post-card').first()).toBeVisible();
    const other = await browser.newContext();
    const second = await other.newPage();
    // The second browser lists this test's survey only: the other Playwright worker adds posts all
    // the while, and a banner for one of theirs arriving after the click below would stay.
    await openAs(second, api, 'user', `/views/data?form=${survey.id}`);
    await expect(second.locator(`.post-card[data-post-id="${before.id}"]`)).toBeVisible();
    await expect(second.locator('.new-posts-banner')).toHaveCount(0);
    await second.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // The first browser adds a post through the editor.
    const title = unique('Live ');
    await page.goto(`/posts/create/${survey.id}`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Pushed to everyone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(/\/posts\/\d+$/);
    const id = Number(/\/posts\/(\d+)$/.exec(page.url())?.[1] ?? NaN);
    expect(id).toBeGreaterThan(0);

    const banner = second.locator('.new-posts-banner');
    await expect(banner).toHaveText('1 new post');
    await expect(second.locator(`.post-card[data-post-id="${id}"]`)).toHaveCount(0);
    await shot(second, 'posts-new-posts-banner');
    await banner.click();
    await expect(banner).toHaveCount(0);
    await expect(second.locator(`.post-card[data-post-id="${id}"]`)).toBeVisible();
    // Prepended: it sits above every post that was listed before.
    const ids = await second.locator('.post-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-post-id'))));
    expect(ids.indexOf(id)).toBeLessThan(ids.length - 1);
    expect(ids.slice(0, ids.indexOf(id)).every((other) => other > id)).toBe(true);
    expect(await second.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await other.close();
  });

  test('a visitor who is not logged in submits a post for review and lands on the map', async ({ page, api }) => {
    await blockTiles(page);
    const name = unique('Open survey ');
    const form = await apiPost(api, '/forms', { name, require_approval: true, everyone_can_create: true });
    const main = await apiPost(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0 });
    await apiPost(api, `/forms/${form.id}/attributes`, {
      form_stage_id: main.id,
      label: 'Title',
      type: 'title',
      input: 'text',
      priority: 1,
    });
    await apiPost(api, `/forms/${form.id}/attributes`, {
      form_stage_id: main.id,
      label: 'Description',
      type: 'description',
      input: 'text',
      priority: 2,
    });
    const title = unique('Anonymous ');
    await page.goto(`/posts/create/${form.id}`);
    await expect(page.getByRole('heading', { name: `New post: ${name}` })).toBeVisible();
    // No toolbox: status and visibility are not theirs to choose.
    await expect(page.getByRole('complementary', { name: 'Post settings' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Seen from the bus');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`Thank you for your submission, your post "${title}" has been saved and will be reviewed.`)).toBeVisible();
    await expect(page).toHaveURL(/\/views\/map$/);
    const found = await apiGet(api, `/posts?q=${encodeURIComponent(title)}&status[]=draft`);
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({ title, status: 'draft', user: null });
  });

  test('someone who may not edit the post is told so instead of getting the form', async ({ page, api }) => {
    const survey = await plainSurvey(api);
    const title = unique('Not yours ');
    const post = await postViaApi(api, survey.id, title);
    await openAs(page, api, 'user', `/posts/${post.id}/edit`);
    await expect(page.getByRole('alert').getByRole('heading', { name: "Sorry, you're not allowed to do that." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(page.locator('.post-detail').getByRole('heading', { name: title })).toBeVisible();
  });

  test('a post without a survey gets one, then opens in the editor', async ({ page, api }) => {
    const survey = await plainSurvey(api);
    const title = unique('No survey ');
    const created = await api.post(
      '/posts',
      { title, content: 'Came in without a survey', status: 'published' },
      { token: await adminToken(api) },
    );
    expect(created.status, created.text).toBe(200);
    await openAs(page, api, 'admin', `/posts/${created.body.id}/edit`);
    await expect(page.getByRole('heading', { name: `Choose a survey for "${title}"` })).toBeVisible();
    const first = page.getByRole('radio').first();
    await expect(first).toBeChecked();
    await page.getByRole('radio', { name: survey.name }).check();
    await shot(page, 'posts-add-survey');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Edit post: ${title}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/posts/${created.body.id}/edit$`));
    expect((await apiGet(api, `/posts/${created.body.id}`)).form.id).toBe(survey.id);
  });

  test('a post that came from Twitter quotes its tweet on the card, and the card and the detail link to it', async ({ page, api }) => {
    test.skip(!process.env.E2E_DATABASE_URL, 'needs the e2e server on a Postgres server (TEST_DATABASE_URL)');
    await blockTiles(page);
    const survey = await plainSurvey(api);
    const title = unique('Flooding ');
    // Tweets come in through the Twitter data source, which no API offers: the post is put in directly.
    await onE2eDatabase((db) =>
      db.query(
        `insert into posts (form_id, title, content, status, source, data_source_message_id) values ($1, $2, $3, 'published', 'twitter', $4)`,
        [survey.id, title, 'Water over the road at Moi Avenue #floods', '1849201938475610112'],
      ),
    );
    await page.goto(`/views/data?form=${survey.id}`);
    const card = page.locator('.post-card', { hasText: title });
    const tweet = card.locator('blockquote.post-tweet');
    await expect(tweet).toContainText('Water over the road at Moi Avenue #floods');
    const link = tweet.getByRole('link', { name: 'View the tweet on Twitter' });
    await expect(link).toHaveAttribute('href', 'https://twitter.com/i/web/status/1849201938475610112');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(card.locator('.post-source')).toHaveText('Twitter');
    await shot(page, 'posts-tweet-card');
    // The post's detail, which has no message thread for a tweet, links to it under the text.
    await card.getByRole('link', { name: title }).click();
    const detail = page.locator('.post-detail');
    await expect(detail.getByRole('link', { name: 'View the tweet on Twitter' })).toHaveAttribute(
      'href',
      'https://twitter.com/i/web/status/1849201938475610112',
    );
    await shot(page, 'posts-tweet-detail');
  });
});
