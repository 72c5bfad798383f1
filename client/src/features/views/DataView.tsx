import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { DataFilterBar } from '../filters/DataFilterBar';
import { AddPostButton } from '../posts/AddPostButton';
import { usePostList } from '../posts/usePostList';
import { PostTimeline } from '../posts/PostTimeline';
import type { PostBrowseContext } from '../posts/post-browse-context';
import '../posts/posts.css';
import { ViewFrame } from './ViewFrame';

/**
 * The data view (spec 2 screen 1): the timeline column, and beside it the post column that
 * `/posts/{id}` fills. Both routes share this frame, so the list survives opening a post.
 */
export function DataView() {
  const { t } = useTranslation();
  const list = usePostList();
  const { id, formId } = useParams();
  const selectedId = id && /^\d+$/.test(id) ? Number(id) : null;
  // The post column holds a post, its editor, or the form of a new post.
  const postColumn = selectedId !== null || formId !== undefined;
  const context: PostBrowseContext = { refresh: list.refresh, removed: list.removed, added: list.added };
  return (
    <ViewFrame view="data" title={t('views.data.title')}>
      <DataFilterBar />
      <div className={`data-columns${postColumn ? ' data-columns-post' : ''}`}>
        <PostTimeline list={list} selectedId={selectedId} />
        <Outlet context={context} />
      </div>
      <AddPostButton floating />
    </ViewFrame>
  );
}
