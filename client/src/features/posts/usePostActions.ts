import type { Post, PostStatus } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { getPostSurvey, removePost, setPostStatus } from '../../api/endpoints/posts';
import { useServices } from '../../providers/services-context';
import { useSession } from '../session/useSession';
import { incompleteRequiredStages } from './post-value-format';
import { cardTitle } from '../common/post-text';

export const STATUS_ACTIONS: ReadonlyArray<{ status: PostStatus; label: string }> = [
  { status: 'published', label: 'post.action.publish' },
  { status: 'draft', label: 'post.action.review' },
  { status: 'archived', label: 'post.action.archive' },
];

/** Another person's edit lock hides the post's actions (spec 2 screen 3). */
export function lockedByOther(post: Pick<Post, 'lock'>, userId: number | null): boolean {
  return post.lock !== null && post.lock.user?.id !== userId;
}

/** Which actions a post offers this caller: each needs its privilege (API-CONTRACT 8.5). */
export function availableActions(post: Pick<Post, 'allowed_privileges' | 'lock' | 'status'>, userId: number | null) {
  const open = !lockedByOther(post, userId);
  const has = (p: string) => open && post.allowed_privileges.includes(p);
  return {
    edit: has('update'),
    delete: has('delete'),
    statuses: has('change_status') ? STATUS_ACTIONS.filter((a) => a.status !== post.status) : [],
  };
}

export const shareUrl = (id: number): string => new URL(`/posts/${id}`, window.location.origin).href;

/**
 * The post actions of the card menu and the detail: status change (publishing is blocked while a
 * required task is open), delete after a confirmation, copy the share link. Each resolves with the
 * saved post, or null when nothing changed.
 */
export function usePostActions() {
  const { t } = useTranslation();
  const { api, notices, dialogs } = useServices();
  const { session } = useSession();

  async function publishBlockers(post: Post): Promise<string[]> {
    if (post.form === null) return [];
    try {
      const { stages } = await getPostSurvey(api, post.form.id);
      return incompleteRequiredStages(post, stages).map((s) => t('post.modify.incomplete_step', { stage: s.label }));
    } catch {
      return []; // The server checks again (API-CONTRACT 8.3) and says why.
    }
  }

  async function changeStatus(post: Post, status: PostStatus): Promise<Post | null> {
    if (status === 'published') {
      const blockers = await publishBlockers(post);
      if (blockers.length) {
        notices.warning(t('post.publish_blocked'), blockers);
        return null;
      }
    }
    try {
      const saved = await setPostStatus(api, post.id, status);
      if (status === 'published') {
        const roles = saved?.published_to ?? post.published_to;
        notices.success(t('notify.post.publish_success', { role: roles.length ? roles.join(', ') : t('post.everyone') }));
      } else notices.success(t(status === 'draft' ? 'notify.post.set_draft' : 'notify.post.archive_success'));
      return saved ?? { ...post, status };
    } catch (error) {
      notices.apiError(error, t('notify.post.status_error'));
      return null;
    }
  }

  async function remove(post: Post): Promise<boolean> {
    const ok = await dialogs.confirm({ message: t('notify.post.destroy_confirm'), danger: true, confirmLabel: t('common.delete') });
    if (!ok) return false;
    try {
      await removePost(api, post.id);
      notices.success(t('notify.post.destroy_success', { name: cardTitle(post) }));
      return true;
    } catch (error) {
      notices.apiError(error, t('notify.post.destroy_error'));
      return false;
    }
  }

  async function share(post: Post): Promise<void> {
    const url = shareUrl(post.id);
    try {
      await navigator.clipboard.writeText(url);
      notices.success(t('post.share_copied', { url }));
    } catch {
      // No clipboard (an insecure origin or a refusal): show the link to copy by hand.
      notices.permanent('info', t('post.share_link', { url }));
    }
  }

  return { changeStatus, remove, share, actionsFor: (post: Post) => availableActions(post, session?.userId ?? null) };
}
