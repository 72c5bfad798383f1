import { MANAGER_ROLE, type Seeder } from './seeder';

/** A field of the seeded survey, so post bodies can carry a plausible value for each. */
export type Field = { key: string; input: string; type: string; options: unknown[] };

export type Surveys = { formId: number; simpleFormId: number; reviewStage: number; fields: Field[]; tagId: number };

/** Categories (a parent, a child, a role-limited one, a spare) and surveys: one with a field of every type, a simple one, a hidden one, spares. */
export async function seedSurveys(seeder: Seeder, admin: string): Promise<Surveys> {
  const tag = (body: Record<string, unknown>, canDelete = false) =>
    seeder.call('POST', '/tags', body, admin).then((t) => seeder.keep('tags', t.id, canDelete));
  const tagId = await tag({ tag: 'Fuzz shelter', color: '#aa0000' });
  await tag({ tag: 'Fuzz shelter urgent', parent_id: tagId });
  await tag({ tag: 'Fuzz restricted', role: [MANAGER_ROLE] });
  await tag({ tag: 'Fuzz spare' }, true);

  const form = (body: Record<string, unknown>, canDelete = false) =>
    seeder.call('POST', '/forms', body, admin).then((f) => seeder.keep('forms', f.id, canDelete));
  const stage = async (formId: number, body: Record<string, unknown>, canDelete = false) => {
    const { id } = await seeder.call('POST', `/forms/${formId}/stages`, { type: 'post', priority: 0, ...body }, admin);
    seeder.keep('stages', id, canDelete);
    seeder.pair('forms/stages', formId, id);
    return id;
  };
  const attribute = async (formId: number, body: Record<string, unknown>, canDelete = false) => {
    const created = await seeder.call<{ id: number; key: string }>('POST', `/forms/${formId}/attributes`, body, admin);
    seeder.keep('attributes', created.id, canDelete);
    seeder.pair('forms/attributes', formId, created.id);
    return created.key;
  };

  // An internal task and a public task with a required field beside the post stage.
  const formId = await form({ name: 'Fuzz survey', require_approval: false, color: '#223344' });
  const postStage = await stage(formId, { label: 'Post', show_when_published: true, task_is_internal_only: false });
  const internal = await stage(formId, { label: 'Internal', type: 'task', priority: 1, task_is_internal_only: true });
  const reviewStage = await stage(formId, {
    label: 'Review',
    type: 'task',
    priority: 2,
    show_when_published: true,
    task_is_internal_only: false,
  });
  const specs: Array<Record<string, unknown> & { type: string; input: string }> = [
    { type: 'title', input: 'text', label: 'Title', required: true },
    { type: 'description', input: 'text', label: 'Description', required: true },
    { type: 'varchar', input: 'text', label: 'Short text' },
    { type: 'text', input: 'textarea', label: 'Long text' },
    { type: 'decimal', input: 'number', label: 'Decimal' },
    { type: 'int', input: 'number', label: 'Count' },
    { type: 'point', input: 'location', label: 'Location' },
    { type: 'datetime', input: 'date', label: 'Day' },
    { type: 'datetime', input: 'datetime', label: 'Moment' },
    { type: 'varchar', input: 'select', label: 'Pick', options: ['red', 'blue'] },
    { type: 'varchar', input: 'radio', label: 'Choose', options: ['yes', 'no'] },
    { type: 'varchar', input: 'checkbox', label: 'Ticks', options: ['a', 'b', 'c'] },
    { type: 'relation', input: 'relation', label: 'Related' },
    { type: 'media', input: 'upload', label: 'Photo', config: { hasCaption: true } },
    { type: 'varchar', input: 'video', label: 'Video' },
    { type: 'markdown', input: 'markdown', label: 'Notes' },
    { type: 'tags', input: 'tags', label: 'Categories', options: seeder.ids.tags },
    { type: 'link', input: 'text', label: 'Link' },
    { type: 'varchar', input: 'text', label: 'Phone', response_private: true },
    { type: 'varchar', input: 'text', label: 'Triage', form_stage_id: internal },
    { type: 'varchar', input: 'text', label: 'Review note', required: true, form_stage_id: reviewStage },
  ];
  const fields: Field[] = [];
  for (const [priority, spec] of specs.entries()) {
    const key = await attribute(formId, { form_stage_id: postStage, priority, ...spec });
    fields.push({ key, input: spec.input, type: spec.type, options: (spec.options as unknown[] | undefined) ?? [] });
  }

  const simpleFormId = await form({ name: 'Fuzz simple', everyone_can_create: true });
  await stage(simpleFormId, { label: 'Post' });
  await seeder.call('PUT', `/forms/${simpleFormId}/roles`, { roles: [MANAGER_ROLE, 'user'] }, admin);
  await form({ name: 'Fuzz hidden', disabled: true });
  for (const name of ['Fuzz spare one', 'Fuzz spare two']) {
    const spare = await form({ name }, true);
    const spareStage = await stage(spare, { label: 'Post' }, true);
    await attribute(spare, { label: 'Spare', type: 'varchar', input: 'text', form_stage_id: spareStage }, true);
  }
  return { formId, simpleFormId, reviewStage, fields, tagId };
}

/** A valid value list for a field, the shape `values` holds (API-CONTRACT 8.2). */
export function sampleValues(field: Field, refs: { postId: number; mediaId: number; tagId: number }): unknown[] {
  switch (field.input) {
    case 'number':
      return [field.type === 'int' ? 42 : 4.2];
    case 'location':
      return [{ lat: -1.28, lon: 36.82 }];
    case 'date':
      return ['2024-03-01'];
    case 'datetime':
      return ['2024-03-01 12:30:00'];
    case 'select':
    case 'radio':
      return [field.options[0]];
    case 'checkbox':
      return field.options.slice(0, 2);
    case 'relation':
      return [refs.postId];
    case 'upload':
      return [refs.mediaId];
    case 'video':
      return ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'];
    case 'tags':
      return [refs.tagId];
    default:
      return [field.type === 'link' ? 'https://example.org/report' : 'Fuzz text'];
  }
}
