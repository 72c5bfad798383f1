import type { Post, Stage } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getPost, getPostSurvey, setCompletedStages } from '../../api/endpoints/posts';
import { useLiveQuery, useSetLiveData } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';
import { useServerEvents } from '../../providers/useServerEvents';
import { PostMessages } from '../messages/PostMessages';
import { PostLockMessage } from '../post-lock/PostLockMessage';
import { useLivePost } from '../post-lock/useLivePost';
import { useSession } from '../session/useSession';
import { Markdown } from './Markdown';
import { TweetLink, tweetUrl } from './PostTweet';
import { PostActionsMenu } from './PostActionsMenu';
import { usePostBrowse } from './post-browse-context';
import { PostLocations } from './PostLocations';
import { PostMeta } from './PostMeta';
import { PostTasks } from './PostTasks';
import { stageEntries } from './post-value-format';
import { PostValues } from './PostValues';
import { cardTitle } from '../common/post-text';
import { lockedByOther } from './usePostActions';
import { useLoaded } from './useLoaded';
import { useKeepFilters, useReturnTo } from '../common/useKeepFilters';
import { X, decorative } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';

/**
 * Reads the post; a change pushed about it reads it again (`live-keys.ts`), and a deletion closes
 * it (thin pushes, refetch over REST).
 */
function usePost(id: number, onGone: () => void) {
  const { api } = useServices();
  const query = useLiveQuery(['post', id], () => getPost(api, id));
  const setPost = useSetLiveData<Post>(['post', id]);
  useServerEvents((e) => e.type === 'post.deleted' && e.aggregate_id === String(id), onGone);
  const state: { status: 'loading' } | { status: 'missing' } | { status: 'ready'; post: Post } = query.isError
    ? { status: 'missing' }
    : query.data
      ? { status: 'ready', post: query.data }
      : { status: 'loading' };
  return { state, setPost };
}

/** The post column of the data view, `/posts/{id}` (spec 2 screen 5). */
export function PostDetail() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const browse = usePostBrowse();
  // Back where the post was opened from (the map's popup), else to the list.
  const returnTo = useReturnTo();
  const close = () => void navigate(returnTo ?? keep('/views/data'));
  const { state, setPost } = usePost(id, close);

  return (
    <section className="post-detail" aria-labelledby="post-detail-title" aria-busy={state.status === 'loading'}>
      <div className="post-detail-bar">
        <button type="button" className="button button-ghost button-small" onClick={close}>
          <X {...decorative} />
          {t('post.close')}
        </button>
      </div>
      {state.status === 'loading' ? <Skeleton shape="detail" /> : null}
      {state.status === 'missing' ? (
        <p id="post-detail-title" className="post-empty">
          {t('post.not_found')}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <PostBody
          post={state.post}
          onChanged={(post) => {
            setPost(post);
            void browse.refresh(post.id);
          }}
          onRemoved={(gone) => {
            browse.removed(gone);
            close();
          }}
        />
      ) : null}
    </section>
  );
}

function PostBody({
  post: loaded,
  onChanged,
  onRemoved,
}: {
  post: Post;
  onChanged: (post: Post) => void;
  onRemoved: (id: number) => void;
}) {
  const post = useLivePost(loaded);
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { session, admin, can } = useSession();
  const survey = useLoaded(post.form ? ['survey', post.form.id] : null, () => getPostSurvey(api, post.form?.id ?? 0));
  const stages = [...(survey?.stages ?? [])].sort((a, b) => a.priority - b.priority);
  const postStage = stages.find((s) => s.type === 'post');
  const manager = admin || can('Manage Posts');
  const tasks = stages.filter((s) => s.type === 'task' && (manager || !s.task_is_internal_only));
  const canComplete = post.allowed_privileges.includes('update') && !lockedByOther(post, session?.userId ?? null);
  const tweet = tweetUrl(post);

  const toggle = async (stage: Stage, done: boolean) => {
    const next = done ? [...post.completed_stages, stage.id] : post.completed_stages.filter((s) => s !== stage.id);
    try {
      onChanged((await setCompletedStages(api, post.id, next)) ?? { ...post, completed_stages: next });
    } catch (error) {
      notices.apiError(error, t('notify.post.save_error'));
    }
  };

  return (
    <article className="post-detail-body" style={{ borderTopColor: post.color ?? undefined }}>
      <div className="post-card-head">
        <h2 id="post-detail-title" className="post-detail-title" dir="auto">
          {cardTitle(post)}
        </h2>
        <PostActionsMenu post={post} onChanged={onChanged} onRemoved={onRemoved} />
      </div>
      <PostMeta post={post} />
      {survey ? <p className="post-survey">{t('post.in_survey', { name: survey.form.name })}</p> : null}
      {post.lock ? <PostLockMessage postId={post.id} lock={post.lock} /> : null}
      <Markdown text={post.content} className="markdown post-content" />
      {tweet ? (
        <p>
          <TweetLink url={tweet} />
        </p>
      ) : null}
      {survey && postStage ? <PostValues entries={stageEntries(post, survey.attributes, postStage.id)} /> : null}
      <PostLocations postId={post.id} version={post.updated ?? post.created} color={post.color} />
      {survey ? (
        <PostTasks
          post={post}
          tasks={tasks}
          attributes={survey.attributes}
          canComplete={canComplete}
          onToggle={(s, d) => void toggle(s, d)}
        />
      ) : null}
      {manager ? <PostMessages post={post} /> : null}
    </article>
  );
}

export { PostDetail as Component };
