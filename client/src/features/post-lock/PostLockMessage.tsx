import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasePostLock } from '../../api/endpoints/post-locks';
import { useServices } from '../../providers/services-context';
import { isAdmin } from '../../session/permissions';
import { useSession } from '../session/useSession';
import type { PostLock } from '@platform/shared';

/** Spec 2 screen 4: who is working on the post, and for administrators the Unlock button. */
export function PostLockMessage({ postId, lock }: { postId: number; lock: PostLock }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const unlock = async () => {
    setBusy(true);
    try {
      await releasePostLock(api, postId);
      notices.success(t('post_lock.unlock_done'));
    } catch (error) {
      notices.apiError(error, t('post_lock.unlock_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="post-lock-message" role="status">
      <span>{lock.user?.realname ? t('post_lock.locked_by', { user: lock.user.realname }) : t('post_lock.locked_by_unknown')}</span>
      {isAdmin(session) ? (
        <button type="button" className="button button-small" disabled={busy} onClick={() => void unlock()}>
          {t('post_lock.unlock')}
        </button>
      ) : null}
    </div>
  );
}
