import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useServices } from '../../../providers/services-context';
import { READ_ON_OPEN, useLiveQuery } from '../../../providers/query/useLiveQuery';
import { PostLockGate } from '../../post-lock/PostLockGate';
import { useSession } from '../../session/useSession';
import { AddSurveyForm } from './AddSurveyForm';
import { editorTarget, loadEditor, type EditorData, type EditorTarget } from './editor-data';
import { PostEditor } from './PostEditor';
import './editor.css';
import { useKeepFilters } from '../../common/useKeepFilters';

/** Editing needs `update` on the post; a new post needs `create` (API-CONTRACT 8.5). */
const mayWrite = (data: Extract<EditorData, { kind: 'ready' }>) => data.privileges.includes(data.post ? 'update' : 'create');

function failureText(t: TFunction, error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 404) return t('post_editor.not_found');
  return status === 401 || status === 403 ? t('post_editor.not_allowed') : t('post_editor.load_failed');
}

/**
 * The one place the post editor is entered and left (spec 2 screen 8): it loads the survey and the
 * post, then mounts the form; a post without a survey gets the add-survey form first (screen 7).
 * The edit lock is held around the mounted editor (PostLockGate).
 */
export function PostEditorRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const { api } = useServices();
  const { session } = useSession();
  const target = editorTarget(params);
  const key = target ? (target.kind === 'create' ? `create:${target.surveyId}` : `edit:${target.postId}`) : 'none';
  const role = session?.grantType === 'password' ? session.role : null;
  const userId = session?.grantType === 'password' ? session.userId : null;
  const permissions = session?.grantType === 'password' ? session.permissions.join(',') : '';

  // `target` is described by `key`; without one nothing is asked.
  const query = useLiveQuery(
    ['post-editor', key, role, permissions],
    () => loadEditor(api, target as EditorTarget, { role, permissions: permissions ? permissions.split(',') : [] }),
    // A change of session reads the survey again under the new one; meanwhile the open editor keeps
    // its form (and what was typed), then carries it over to the new answer (PostEditor).
    // Only for the same post or survey: another one never opens on the last one's form.
    {
      ...READ_ON_OPEN,
      enabled: target !== null,
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === key ? previous : undefined),
    },
  );
  // After a survey was added to the post, the editor is mounted anew on the post's next answer.
  const [version, setVersion] = useState(0);
  const reload = () => {
    setVersion((v) => v + 1);
    void query.refetch();
  };
  const close = () => void navigate(keep(target?.kind === 'edit' ? `/posts/${target.postId}` : '/views/data'));

  if (!target) return <p className="post-empty">{t('post_editor.not_found')}</p>;
  const current: { data: EditorData } | { failed: string } | null = query.isSuccess
    ? { data: query.data }
    : query.isError
      ? { failed: failureText(t, query.error) }
      : null;
  return (
    <section className="post-editor-column" aria-labelledby="post-editor-title">
      {current === null ? <p role="status">{t('app.loading')}</p> : null}
      {current && 'failed' in current ? (
        <div className="form-alert" role="alert">
          <h2 id="post-editor-title">{current.failed}</h2>
          <button type="button" className="button" onClick={close}>
            {t('post.close')}
          </button>
        </div>
      ) : null}
      {current && 'data' in current && current.data.kind === 'no-survey' ? (
        <AddSurveyForm post={current.data.post} surveys={current.data.surveys} onSaved={reload} onCancel={close} />
      ) : null}
      {current && 'data' in current && current.data.kind === 'ready' && !mayWrite(current.data) ? (
        <div className="form-alert" role="alert">
          <h2 id="post-editor-title">{t('post_editor.not_allowed')}</h2>
          <button type="button" className="button" onClick={close}>
            {t('post.close')}
          </button>
        </div>
      ) : null}
      {current && 'data' in current && current.data.kind === 'ready' && mayWrite(current.data) ? (
        target.kind === 'edit' && userId !== null ? (
          // Only logged-in editors take the lock (spec 2 section 4); it is held while the editor is mounted.
          <PostLockGate key={key} postId={target.postId} userId={userId}>
            <PostEditor key={`${key}:${version}`} data={current.data} />
          </PostLockGate>
        ) : (
          <PostEditor key={`${key}:${version}`} data={current.data} />
        )
      ) : null}
    </section>
  );
}

export { PostEditorRoute as Component };
