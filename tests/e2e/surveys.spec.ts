import type { Locator, Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { createRole, expectAccessible, expectNoOverflow, fullShot, openAs } from './settings-session';
import { adminToken, expect, test, unique } from './support';

type Json = Record<string, any>;

async function get(api: ApiClient, path: string): Promise<Json> {
  const res = await api.get(path, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body as Json;
}
async function post(api: ApiClient, path: string, body: unknown): Promise<Json> {
  const res = await api.post(path, body, { token: await adminToken(api) });
  expect(res.status, res.text).toBe(200);
  return res.body as Json;
}

/** A saved survey made through the API: Post task (title, description, a select) and a second task. */
async function surveyViaApi(api: ApiClient, name = unique('Survey ')) {
  const form = await post(api, '/forms', { name, description: 'Made by the API' });
  const main = await post(api, `/forms/${form.id}/stages`, { label: 'Post', type: 'post', priority: 0, task_is_internal_only: false });
  const extra = await post(api, `/forms/${form.id}/stages`, { label: 'Review', type: 'task', priority: 1 });
  const field = (stage: number, body: Json) => post(api, `/forms/${form.id}/attributes`, { form_stage_id: stage, ...body });
  await field(main.id, { label: 'Title', type: 'title', input: 'text', priority: 1 });
  await field(main.id, { label: 'Description', type: 'description', input: 'text', priority: 2 });
  await field(main.id, { label: 'Kind', type: 'varchar', input: 'select', options: ['Flood', 'Fire'], priority: 3 });
  await field(extra.id, { label: 'Checked by', type: 'varchar', input: 'text', priority: 1 });
  return { id: form.id as number, name };
}

const taskCard = (page: Page, index: number) => page.locator('section.task-card').nth(index);
/** The field titles of a task, in order; `toHaveText` on it waits for the builder to render. */
const rowTitles = (card: Locator) => card.locator('.builder-row-title');

/** "Add field" in a task, pick the type, name it, let `configure` fill the rest, add it. */
async function addField(page: Page, card: Locator, type: string, label: string, configure?: (dialog: Locator) => Promise<void>) {
  await card.getByRole('button', { name: /^Add field to / }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a field type' });
  await picker.getByText(type, { exact: true }).click();
  const editor = page.getByRole('dialog', { name: `New field: ${type}` });
  await editor.getByLabel('Field name').fill(label);
  if (configure) await configure(editor);
  await editor.getByRole('button', { name: 'Add field' }).click();
  await expect(editor).toHaveCount(0);
  await expect(card.locator('.builder-row-title', { hasText: label })).toBeVisible();
}

async function addOptions(dialog: Locator, options: string[]) {
  for (const [i, option] of options.entries()) {
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel(`Option ${i + 1}`, { exact: true }).fill(option);
  }
}

test.describe('survey builder', () => {
  test('builds a survey with tasks, a field of every type, reordering and a role restriction; it all comes back', async ({ page, api }) => {
    test.setTimeout(180_000);
    const role = await createRole(api);
    const related = await surveyViaApi(api);
    const parentName = unique('Topic ');
    const parent = await post(api, '/tags', { tag: parentName });
    const child = await post(api, '/tags', { tag: unique('Subtopic '), parent_id: parent.id });
    const name = unique('Built survey ');

    await openAs(page, api, 'admin', '/settings/surveys');
    await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
    await page.getByRole('link', { name: 'New survey' }).click();
    await expect(page).toHaveURL(/\/settings\/surveys\/create$/);
    await expect(page.getByRole('tab', { name: 'Share' })).toHaveCount(0);

    // A new survey starts with the Post task and its required Title and Description.
    const main = taskCard(page, 0);
    await expect(rowTitles(main)).toHaveText(['Title', 'Description']);
    await expect(main.getByRole('button', { name: 'Delete Title' })).toHaveCount(0);
    await fullShot(page, 'survey-build-new');

    await page.getByLabel('Survey name').fill(name);
    await addField(page, main, 'Short text', 'Reporter name', async (d) => {
      await d.getByLabel('Instructions').fill('Who saw it');
      await d.getByRole('switch', { name: 'Required' }).check();
      await d.getByLabel('Default value').fill('Anonymous');
      await d.getByRole('switch', { name: 'Private responses' }).check();
    });
    await addField(page, main, 'Number (decimal)', 'Depth');
    await addField(page, main, 'Location', 'Where');
    await addField(page, main, 'Date', 'Day');
    await addField(page, main, 'Date and time', 'When exactly');
    await addField(page, main, 'Select (drop-down)', 'Kind', (d) => addOptions(d, ['Flood', 'Fire']));
    await addField(page, main, 'Radio buttons', 'Severity', async (d) => {
      await addOptions(d, ['Low', 'High', 'Low']);
      const warning = d.getByRole('alert').filter({ hasText: 'Options must be unique' }).first();
      await expect(warning).toBeVisible();
      await fullShot(page, 'survey-field-editor-duplicate-option');
      await d.getByRole('button', { name: 'Add field' }).click();
      await expect(d).toBeVisible();
      await d.getByLabel('Option 3', { exact: true }).fill('Medium');
      await expect(d.getByText('Options must be unique', { exact: false })).toHaveCount(0);
    });
    await addField(page, main, 'Checkboxes', 'Needs', (d) => addOptions(d, ['Food', 'Water']));
    await addField(page, main, 'Related post', 'Related report', (d) => d.getByRole('checkbox', { name: related.name }).check());
    await addField(page, main, 'Photo upload', 'Photo', (d) =>
      d.getByRole('switch', { name: 'Ask for a caption with each photo' }).check(),
    );
    await addField(page, main, 'Video', 'Clip');
    await addField(page, main, 'Markdown', 'Notes');
    await addField(page, main, 'Categories', 'Topics', async (d) => {
      await expect(d.getByLabel('Default value')).toHaveCount(0);
      await d.getByRole('checkbox', { name: parentName }).check();
      // Picking a parent picks its children.
      await expect(d.getByRole('checkbox', { name: child.tag })).toBeChecked();
    });

    // Two more tasks, renamed; the second moves above the first.
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByRole('button', { name: 'Add task' }).click();
    await taskCard(page, 1).getByLabel('Task name').fill('Verification');
    await taskCard(page, 1)
      .getByRole('switch', { name: /Require this task/ })
      .check();
    await taskCard(page, 2).getByLabel('Task name').fill('Follow up');
    await expect(taskCard(page, 2).getByRole('switch', { name: 'Internal only' })).toBeChecked();
    await taskCard(page, 2).getByRole('switch', { name: 'Internal only' }).uncheck();
    await taskCard(page, 2)
      .getByRole('switch', { name: /Show this task's responses/ })
      .check();
    await addField(page, taskCard(page, 1), 'Long text', 'Verifier comments');
    await addField(page, taskCard(page, 1), 'Number (integer)', 'People affected');
    const moveUp = page.getByRole('button', { name: 'Move task Follow up up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Task 1: Follow up' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Task 2: Verification' })).toBeVisible();
    // Focus follows the moved task; it is first now, so its twin button takes focus.
    await expect(page.getByRole('button', { name: 'Move task Follow up down' })).toBeFocused();

    // Fields move with the keyboard too.
    await main.getByRole('button', { name: 'Move Depth up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(main.getByRole('button', { name: 'Move Depth up' })).toBeFocused();
    await expect
      .poll(async () => (await rowTitles(main).allTextContents()).slice(0, 4))
      .toEqual(['Title', 'Depth', 'Description', 'Reporter name']);
    await fullShot(page, 'survey-build-tab');

    await page.getByRole('tab', { name: 'Configure' }).click();
    await page.getByLabel('Description').fill('Reports of floods');
    await page.getByLabel('Colour').fill('#aa3300');
    await page.getByRole('switch', { name: 'Require review before posts are published' }).uncheck();
    await page.getByRole('radio', { name: 'Only people with these roles' }).check();
    await expect(page.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
    await page.getByRole('checkbox', { name: role.display_name }).check();
    await page.getByRole('switch', { name: 'Hide the author' }).check();
    await fullShot(page, 'survey-configure-tab');

    await page.getByRole('button', { name: 'Save survey' }).click();
    await expect(page).toHaveURL(/\/settings\/surveys$/);
    const banner = page.getByRole('status').filter({ hasText: `Survey ${name} saved.` });
    await expect(banner).toBeVisible();
    const surveys = await get(api, '/forms');
    const saved = (surveys.results as Json[]).find((f) => f.name === name)!;
    await expect(banner.getByRole('link', { name: 'Add to survey' })).toHaveAttribute('href', `/posts/create/${saved.id}`);
    await fullShot(page, 'surveys-list-saved');

    // What the API holds.
    expect(saved).toMatchObject({
      description: 'Reports of floods',
      color: '#aa3300',
      require_approval: false,
      everyone_can_create: false,
      hide_author: true,
    });
    expect([...saved.can_create].sort()).toEqual(['admin', role.name].sort());
    const stages = ((await get(api, `/forms/${saved.id}/stages?orderby=priority&order=asc`)).results as Json[]).map((s) => ({
      label: s.label,
      type: s.type,
      required: s.required,
      internal: s.task_is_internal_only,
      shown: s.show_when_published,
    }));
    expect(stages).toEqual([
      { label: 'Post', type: 'post', required: false, internal: false, shown: true },
      { label: 'Follow up', type: 'task', required: false, internal: false, shown: true },
      { label: 'Verification', type: 'task', required: true, internal: true, shown: false },
    ]);
    const attributes = (await get(api, `/forms/${saved.id}/attributes?orderby=priority&order=asc`)).results as Json[];
    const pairs = new Set(attributes.map((a) => `${a.type}/${a.input}`));
    for (const pair of [
      'varchar/text',
      'text/textarea',
      'decimal/number',
      'int/number',
      'point/location',
      'datetime/date',
      'datetime/datetime',
      'varchar/select',
      'varchar/radio',
      'varchar/checkbox',
      'relation/relation',
      'media/upload',
      'varchar/video',
      'markdown/markdown',
      'tags/tags',
      'title/text',
      'description/text',
    ])
      expect(pairs, pair).toContain(pair);
    const byLabel = (label: string) => attributes.find((a) => a.label === label)!;
    expect(byLabel('Reporter name')).toMatchObject({
      required: true,
      response_private: true,
      default: 'Anonymous',
      instructions: 'Who saw it',
    });
    expect(byLabel('Severity').options).toEqual(['Low', 'High', 'Medium']);
    expect(byLabel('Related report').config).toEqual({ input: { form: [related.id] } });
    expect(byLabel('Photo').config).toEqual({ hasCaption: true });
    expect([...byLabel('Topics').options].sort()).toEqual([parent.id, child.id].sort());
    const roles = (await get(api, `/forms/${saved.id}/roles`)).results as Json[];
    expect(roles.map((r) => r.role_id)).toContain(role.id);

    // And what the builder shows after a reload.
    await page.goto(`/settings/surveys/edit/${saved.id}`);
    await page.reload();
    await expect(page.getByLabel('Survey name')).toHaveValue(name);
    await expect(rowTitles(taskCard(page, 0))).toHaveText([
      'Title',
      'Depth',
      'Description',
      'Reporter name',
      'Where',
      'Day',
      'When exactly',
      'Kind',
      'Severity',
      'Needs',
      'Related report',
      'Photo',
      'Clip',
      'Notes',
      'Topics',
    ]);
    await expect(page.getByRole('heading', { name: 'Task 1: Follow up' })).toBeVisible();
    await expect(rowTitles(taskCard(page, 2))).toHaveText(['Verifier comments', 'People affected']);
    await expect(taskCard(page, 2).getByRole('switch', { name: /Require this task/ })).toBeChecked();

    await taskCard(page, 0).getByRole('button', { name: 'Edit Severity' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit field: Radio buttons' });
    await expect(editor.getByLabel('Option 3', { exact: true })).toHaveValue('Medium');
    await fullShot(page, 'survey-field-editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Configure' }).click();
    await expect(page.getByLabel('Description')).toHaveValue('Reports of floods');
    await expect(page.getByRole('switch', { name: 'Require review before posts are published' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'Only people with these roles' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: role.display_name })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Hide the author' })).toBeChecked();

    await page.getByRole('tab', { name: 'Share' }).click();
    await expect(page.getByLabel('Link to add a post to this survey')).toHaveValue(new RegExp(`/posts/create/${saved.id}$`));
    await expect(page.getByLabel("Link to this survey's posts")).toHaveValue(new RegExp(`/views/data\\?form=${saved.id}$`));
    await fullShot(page, 'survey-share-tab');
  });

  test('a survey is duplicated with new tasks and fields and a name of its own', async ({ page, api }) => {
    const source = await surveyViaApi(api);
    await openAs(page, api, 'admin', '/settings/surveys');
    await page.getByRole('link', { name: `Duplicate ${source.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/surveys/duplicate/${source.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Duplicate survey' })).toBeVisible();
    await expect(page.getByLabel('Survey name')).toHaveValue('');
    await expect(rowTitles(taskCard(page, 0))).toHaveText(['Title', 'Description', 'Kind']);
    await expect(rowTitles(taskCard(page, 1))).toHaveText(['Checked by']);

    // The name is required before anything is sent.
    await page.getByRole('button', { name: 'Save survey' }).click();
    await expect(page.getByText('A survey-name is needed', { exact: true })).toBeVisible();
    const copyName = unique('Copy ');
    await page.getByLabel('Survey name').fill(copyName);
    await page.getByRole('button', { name: 'Save survey' }).click();
    await expect(page).toHaveURL(/\/settings\/surveys$/);

    const all = (await get(api, '/forms')).results as Json[];
    const copy = all.find((f) => f.name === copyName)!;
    expect(copy.id).not.toBe(source.id);
    // Duplicate clears the name and the description (spec 3 section 4).
    expect(copy.description).toBeNull();
    const [original, copied] = await Promise.all(
      [source.id, copy.id].map(async (id) => (await get(api, `/forms/${id}/attributes?orderby=priority&order=asc`)).results as Json[]),
    );
    expect(copied!.map((a) => a.label)).toEqual(original!.map((a) => a.label));
    expect(copied!.some((a) => original!.some((o) => o.id === a.id || o.key === a.key))).toBe(false);
    expect(copied!.find((a) => a.label === 'Kind')!.options).toEqual(['Flood', 'Fire']);
  });

  test('a survey is deleted only after its exact name is typed', async ({ page, api }) => {
    const survey = await surveyViaApi(api);
    await openAs(page, api, 'admin', '/settings/surveys');
    await fullShot(page, 'surveys-list');
    await page.getByRole('button', { name: `Delete ${survey.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete survey' });
    const input = dialog.getByLabel(/Type the survey name/);
    const confirm = dialog.getByRole('button', { name: 'Delete survey' });
    await expect(confirm).toBeDisabled();
    await input.fill(survey.name.toUpperCase());
    await input.press('Enter');
    await expect(dialog.getByText('The text you entered does not match the survey-name, please try again')).toBeVisible();
    await expect(confirm).toBeDisabled();
    await fullShot(page, 'survey-delete-mismatch');
    expect((await api.get(`/forms/${survey.id}`, { token: await adminToken(api) })).status).toBe(200);

    await input.fill(survey.name);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByRole('status').filter({ hasText: `Survey ${survey.name} deleted` })).toBeVisible();
    await expect(page.getByRole('link', { name: survey.name, exact: true })).toHaveCount(0);
    expect((await api.get(`/forms/${survey.id}`, { token: await adminToken(api) })).status).toBe(404);
  });

  test('leaving the builder with unsaved changes asks first', async ({ page, api }) => {
    await openAs(page, api, 'admin', '/settings/surveys/create');
    await page.getByLabel('Survey name').fill('Not saved');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm.getByText('You have unsaved changes. Leave without saving them?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/settings\/surveys\/create$/);
    await expect(page.getByLabel('Survey name')).toHaveValue('Not saved');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/settings\/surveys$/);
  });

  test('works at phone width', async ({ page, api }) => {
    const survey = await surveyViaApi(api);
    await page.setViewportSize({ width: 360, height: 740 });
    await openAs(page, api, 'admin', `/settings/surveys/edit/${survey.id}`);
    await expect(page.getByLabel('Survey name')).toHaveValue(survey.name);
    await expectNoOverflow(page);
    await fullShot(page, 'survey-build-phone');
    await taskCard(page, 0).getByRole('button', { name: 'Edit Kind' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit field: Select (drop-down)' })).toBeVisible();
    await expectNoOverflow(page);
    await fullShot(page, 'survey-field-editor-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Configure' }).click();
    await expectNoOverflow(page);
    await page.goto('/settings/surveys');
    await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
    await expectNoOverflow(page);
    await fullShot(page, 'surveys-list-phone');
  });

  test('without Manage Settings the survey screens send the user to /', async ({ page, api }) => {
    // Manage Users opens the settings area, but not its surveys.
    const role = await createRole(api, ['Manage Users']);
    await openAs(page, api, role.name, '/settings/surveys/create', ['Manage Users']);
    await expect(page).toHaveURL(/\/views\/map$/);
  });

  test('the list, the builder tabs and the field editor have no serious accessibility violations', async ({ page, api }) => {
    const survey = await surveyViaApi(api);
    await openAs(page, api, 'admin', '/settings/surveys');
    await expect(page.getByRole('link', { name: survey.name, exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/settings/surveys/edit/${survey.id}`);
    await expect(page.getByLabel('Survey name')).toHaveValue(survey.name);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Configure' }).click();
    await page.getByRole('radio', { name: 'Only people with these roles' }).check();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Build' }).click();
    await taskCard(page, 0).getByRole('button', { name: 'Edit Kind' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit field: Select (drop-down)' })).toBeVisible();
    await expectAccessible(page);
  });
});
