import { LIMIT_TITLES, type Post } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { useServices } from '../../../providers/services-context';
import { savePost } from './editor-data';
import type { EditorModel, EditorState, MediaEntry } from './post-form';
import { fieldKind, fieldName } from './post-form';
import { serverProblems } from './server-problems';

/** Where a saved post leads (spec 2 section 4): its detail when readable, else the map. */
export function pathAfterSave(saved: Post | null, existing: Post | null): string {
  if (existing) return `/posts/${existing.id}`;
  return saved && saved.allowed_privileges.includes('read') ? `/posts/${saved.id}` : '/views/map';
}

/** Captions as loaded, to save only those that changed. */
export function initialCaptions(model: EditorModel, state: EditorState): Map<number, string> {
  const captions = new Map<number, string>();
  for (const field of model.fields) {
    if (fieldKind(field) !== 'upload') continue;
    for (const entry of (state.values[fieldName(field)] ?? []) as MediaEntry[])
      if (entry.id !== null) captions.set(entry.id, entry.caption);
  }
  return captions;
}

/**
 * Saves the form: the success notice by status, server problems put on their fields (the rest and
 * plan limits listed in the warning). Resolves with the saved post (null when the caller may not
 * read it) and the path to go to, or null when it failed.
 */
export function useEditorSave(
  form: UseFormReturn<EditorState>,
  options: {
    model: EditorModel;
    post: Post | null;
    canChangeStatus: boolean;
    captions: ReadonlyMap<number, string>;
    shownPaths: (path: string) => boolean;
  },
) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  return async (state: EditorState): Promise<{ saved: Post | null; path: string } | null> => {
    try {
      const { post: saved, problems } = await savePost(api, options.model, state, {
        post: options.post,
        canChangeStatus: options.canChangeStatus,
        initialCaptions: options.captions,
      });
      const status = saved?.status ?? 'draft';
      const name = saved?.title ?? state.title;
      notices.success(t(status === 'published' ? 'post_editor.notify.save_success' : 'post_editor.notify.save_success_review', { name }));
      if (problems.length > 0) notices.warning(t('post_editor.media_failed'), problems);
      return { saved, path: pathAfterSave(saved, options.post) };
    } catch (error) {
      const { fields, other } = serverProblems(options.model, error);
      const rest = [...other];
      let focused = false;
      for (const [path, message] of Object.entries(fields)) {
        if (message === LIMIT_TITLES.posts || !options.shownPaths(path)) {
          rest.push(message === LIMIT_TITLES.posts ? t('limit.post_limit_reached') : message);
          continue;
        }
        form.setError(path as 'title', { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      notices.warning(
        t('post_editor.valid.validation_fail'),
        rest.map((m) => (m === LIMIT_TITLES.posts ? t('limit.post_limit_reached') : m)),
      );
      return null;
    }
  };
}
