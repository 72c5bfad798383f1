import type { Post } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { getUserNameCached } from '../../api/endpoints/posts';
import { useServices } from '../../providers/services-context';
import { useSession } from '../session/useSession';
import './post-meta.css';
import { fullDate, relativeDate, sourceKey, statusKey } from '../common/post-text';
import { useLoaded } from './useLoaded';
import { SourceIcon, StatusIcon } from '../../ui/icons';

/**
 * The author's name: the stored name for those who may read it, the viewer's own name, or the
 * user record for those with Manage Users (spec 2 section 6). Hidden authors arrive without a user.
 */
export function useAuthorName(post: Pick<Post, 'author_realname' | 'user'>): string | null {
  const { api } = useServices();
  const { session, can } = useSession();
  const userId = post.user?.id ?? null;
  const mine = userId !== null && userId === session?.userId;
  const fetched = useLoaded(userId !== null && !mine && !post.author_realname && can('Manage Users') ? ['user-name', userId] : null, () =>
    getUserNameCached(api, userId ?? 0),
  );
  return post.author_realname || (mine ? session.realname : null) || fetched;
}

export function StatusBadge({ status }: { status: Post['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge post-status post-status-${status}`}>
      <StatusIcon status={status} />
      {t(statusKey(status))}
    </span>
  );
}

export function PostDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return (
    <time dateTime={date} title={fullDate(parsed, i18n.language)}>
      {relativeDate(parsed, new Date(), i18n.language)}
    </time>
  );
}

export function LockIcon() {
  const { t } = useTranslation();
  return (
    <span className="post-lock" role="img" aria-label={t('post.locked')} title={t('post.locked')}>
      {/* Drawn, not an emoji: not every system font has a lock. */}
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
        <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </span>
  );
}

/** Status, author, relative time (full date as tooltip), source and lock (spec 2 screen 2). */
export function PostMeta({ post }: { post: Post }) {
  const { t } = useTranslation();
  const author = useAuthorName(post);
  return (
    <p className="post-meta">
      <StatusBadge status={post.status} />
      {author ? <span className="post-author">{author}</span> : null}
      <PostDate date={post.post_date || post.created} />
      <span className="post-source">
        <SourceIcon source={post.source} />
        {t(sourceKey(post.source))}
      </span>
      {post.lock ? <LockIcon /> : null}
    </p>
  );
}
