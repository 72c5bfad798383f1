import type { Post } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useState } from 'react';
import { Disclosure } from '../../ui/Disclosure';
import { AddToCollectionDialogLazy } from '../sets/lazy-dialogs';
import { useSession } from '../session/useSession';
import { cardTitle } from '../common/post-text';
import { lockedByOther, usePostActions } from './usePostActions';
import { useKeepFilters } from '../common/useKeepFilters';
import { EllipsisVertical, FolderOpen, Pencil, Share2, StatusIcon, Trash2, decorative } from '../../ui/icons';

export type PostChangeHandlers = { onChanged: (post: Post) => void; onRemoved: (id: number) => void };

/**
 * Edit, share, status and delete for one post: each item only with its privilege and never while
 * someone else holds the post's lock (spec 2 screen 3). Share is for everyone.
 */
export function PostActionsMenu({ post, onChanged, onRemoved }: { post: Post } & PostChangeHandlers) {
  const { t } = useTranslation();
  const actions = usePostActions();
  const keep = useKeepFilters();
  const allowed = actions.actionsFor(post);
  const { loggedIn, session } = useSession();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Disclosure
        className="post-actions"
        buttonClassName="button button-ghost button-small button-icon"
        caret={false}
        label={
          <>
            <EllipsisVertical {...decorative} />
            <span className="visually-hidden">{t('post.actions_for', { title: cardTitle(post) })}</span>
          </>
        }
      >
        {(close) => (
          <ul className="menu-list">
            {allowed.edit ? (
              <li>
                <Link to={keep(`/posts/${post.id}/edit`)} onClick={close}>
                  <Pencil {...decorative} />
                  {t('post.action.edit')}
                </Link>
              </li>
            ) : null}
            {loggedIn && !lockedByOther(post, session?.userId ?? null) ? (
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    setPicking(true);
                  }}
                >
                  <FolderOpen {...decorative} />
                  {t('post.action.collection')}
                </button>
              </li>
            ) : null}
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void actions.share(post);
                }}
              >
                <Share2 {...decorative} />
                {t('post.action.share')}
              </button>
            </li>
            {allowed.statuses.map((action) => (
              <li key={action.status}>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    void actions.changeStatus(post, action.status).then((saved) => saved && onChanged(saved));
                  }}
                >
                  <StatusIcon status={action.status} />
                  {t(action.label)}
                </button>
              </li>
            ))}
            {allowed.delete ? (
              <li>
                <button
                  type="button"
                  className="menu-danger"
                  onClick={() => {
                    close();
                    void actions.remove(post).then((gone) => gone && onRemoved(post.id));
                  }}
                >
                  <Trash2 {...decorative} />
                  {t('post.action.delete')}
                </button>
              </li>
            ) : null}
          </ul>
        )}
      </Disclosure>
      {picking ? <AddToCollectionDialogLazy post={post} onChanged={onChanged} onClose={() => setPicking(false)} /> : null}
    </>
  );
}
