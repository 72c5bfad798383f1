import type { Attribute, Form, Post, Stage } from '@platform/shared';
import type { ApiClient } from '../../../api/client';
import { getForm, listAttributes, listForms, listStages } from '../../../api/endpoints/forms';
import { uploadMedia } from '../../../api/endpoints/media';
import { createPost, getMedia, loadPost, postPrivileges, updateMediaCaption, updatePost } from '../../../api/endpoints/post-writes';
import { listRoles } from '../../../api/endpoints/roles';
import { listTags } from '../../../api/endpoints/tags';
import { allowedSurveys, type Poster } from '../../common/allowed-surveys';
import { fieldKind, fieldName, toPostBody, type EditorModel, type EditorState, type MediaEntry, type ValueDetails } from './post-form';

/**
 * Loading and saving as plain async functions over the API: the editor component calls them today,
 * and the post-edit machine (issue #7) can invoke the same functions as its actors.
 */
export type EditorTarget = { kind: 'create'; surveyId: number } | { kind: 'edit'; postId: number };

/** `/posts/create/{surveyId}` or `/posts/{id}/edit`; null for anything else. */
export function editorTarget(params: Readonly<Record<string, string | undefined>>): EditorTarget | null {
  if (params.formId !== undefined) return /^\d+$/.test(params.formId) ? { kind: 'create', surveyId: Number(params.formId) } : null;
  if (params.id !== undefined) return /^\d+$/.test(params.id) ? { kind: 'edit', postId: Number(params.id) } : null;
  return null;
}

export type EditorData =
  | { kind: 'ready'; model: EditorModel; post: Post | null; privileges: string[]; details: ValueDetails }
  | { kind: 'no-survey'; post: Post; surveys: Form[] };

const byPriority = (a: { priority: number; id: number }, b: { priority: number; id: number }) => a.priority - b.priority || a.id - b.id;

/** The post task first, then the tasks in priority order. */
export function orderStages(stages: readonly Stage[]): Stage[] {
  return [...stages].sort((a, b) => (a.type === 'post' ? 0 : 1) - (b.type === 'post' ? 0 : 1) || byPriority(a, b));
}

async function loadDetails(api: ApiClient, fields: readonly Attribute[], post: Post | null): Promise<ValueDetails> {
  const media = new Map<number, { url: string; caption: string | null }>();
  const posts = new Map<number, string>();
  if (!post) return { media, posts };
  const jobs: Promise<void>[] = [];
  for (const field of fields) {
    const kind = fieldKind(field);
    for (const raw of post.values[field.key] ?? []) {
      const id = Number(raw);
      if (!Number.isInteger(id)) continue;
      if (kind === 'upload')
        jobs.push(
          getMedia(api, id).then(
            (m) => void media.set(id, { url: m.original_file_url, caption: m.caption }),
            () => undefined,
          ),
        );
      if (kind === 'relation')
        jobs.push(
          loadPost(api, id).then(
            (p) => void posts.set(id, p.title),
            () => undefined,
          ),
        );
    }
  }
  await Promise.all(jobs);
  return { media, posts };
}

async function loadModel(api: ApiClient, formId: number, canChangeStatus: boolean): Promise<EditorModel> {
  const [form, stages, attributes] = await Promise.all([getForm(api, formId), listStages(api, formId), listAttributes(api, formId)]);
  const fields = [...attributes].sort(byPriority);
  const hasTags = fields.some((f) => fieldKind(f) === 'tags');
  const [tags, roles] = await Promise.all([hasTags ? listTags(api) : [], canChangeStatus ? listRoles(api).catch(() => []) : []]);
  return {
    form,
    stages: orderStages(stages),
    fields: fields.filter((f) => f.type !== 'title' && f.type !== 'description'),
    titleField: fields.find((f) => f.type === 'title') ?? null,
    descriptionField: fields.find((f) => f.type === 'description') ?? null,
    tags,
    roles,
  };
}

export async function loadEditor(api: ApiClient, target: EditorTarget, poster: Poster): Promise<EditorData> {
  if (target.kind === 'create') {
    const privileges = await postPrivileges(api);
    const model = await loadModel(api, target.surveyId, privileges.includes('change_status'));
    return { kind: 'ready', model, post: null, privileges, details: { media: new Map(), posts: new Map() } };
  }
  const post = await loadPost(api, target.postId);
  if (!post.form) return { kind: 'no-survey', post, surveys: allowedSurveys(await listForms(api), poster) };
  const privileges = post.allowed_privileges;
  const model = await loadModel(api, post.form.id, privileges.includes('change_status'));
  return { kind: 'ready', model, post, privileges, details: await loadDetails(api, model.fields, post) };
}

export type SaveResult = { post: Post | null; problems: string[] };

/**
 * Uploads picked photos (with their captions) and saves changed captions, then creates or updates
 * the post. A photo that fails to upload is reported and left out (spec 2 section 8).
 */
export async function savePost(
  api: ApiClient,
  model: EditorModel,
  state: EditorState,
  options: { post: Post | null; canChangeStatus: boolean; initialCaptions: ReadonlyMap<number, string> },
): Promise<SaveResult> {
  const problems: string[] = [];
  const values: EditorState['values'] = { ...state.values };
  for (const field of model.fields) {
    if (fieldKind(field) !== 'upload') continue;
    const entries = (values[fieldName(field)] ?? []) as MediaEntry[];
    values[fieldName(field)] = await Promise.all(
      entries.map(async (entry): Promise<MediaEntry> => {
        const caption = entry.caption.trim();
        try {
          if (entry.file) {
            const media = await uploadMedia(api, entry.file, caption || undefined);
            return { ...entry, id: media.id, url: media.original_file_url, file: null };
          }
          if (entry.id !== null && (options.initialCaptions.get(entry.id) ?? '') !== caption)
            await updateMediaCaption(api, entry.id, caption || null);
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
          if (entry.file) return { ...entry, id: null, file: null };
        }
        return entry;
      }),
    );
  }
  const body = toPostBody(model, { ...state, values }, { canChangeStatus: options.canChangeStatus, isNew: options.post === null });
  const saved = options.post ? await updatePost(api, options.post.id, body) : await createPost(api, body);
  return { post: saved, problems };
}

/** A post without a survey gets one (form_id can be set once, API-CONTRACT 8.3). */
export const assignSurvey = (api: ApiClient, postId: number, formId: number) => updatePost(api, postId, { form_id: formId });
