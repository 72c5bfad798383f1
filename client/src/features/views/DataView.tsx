import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { ScreenRegion } from '../../providers/ScreenRegion';
import { FilterBar } from '../filters/FilterBar';
import '../filters/filters.css';
import { changedFilterCount } from '../common/filter-state';
import { FilterSidebar } from '../filters/FilterSidebar';
import { useFilterChoices, useFilterCounts } from '../filters/useFilterData';
import { usePostFilters } from '../filters/usePostFilters';
import { AddPostButton } from '../posts/AddPostButton';
import { usePostList } from '../posts/usePostList';
import { useBulkActions } from '../posts/bulk/useBulkActions';
import { KeyboardHelpDialog } from '../posts/keyboard/KeyboardHelpDialog';
import { useModerationKeys } from '../posts/keyboard/useModerationKeys';
import { useSession } from '../session/useSession';
import { PostTimeline } from '../posts/PostTimeline';
import type { PostBrowseContext } from '../posts/post-browse-context';
import '../posts/posts.css';
import { useDefaultStatus } from '../common/set-scope';
import { ViewFrame } from './ViewFrame';
import { SidebarToggle } from './SidebarToggle';
import { useSidebarCollapsed } from './useSidebarCollapsed';

/**
 * The data view (spec 2 screen 1): the survey and source filters (screens 13 and 14) beside the
 * timeline column, and beside that the post column that `/posts/{id}` fills. Both routes share
 * this frame, so the list survives opening a post. The filters live in the address, as on the map.
 */
export function DataView() {
  const { t } = useTranslation();
  const list = usePostList();
  const filtering = usePostFilters();
  const choices = useFilterChoices();
  const counts = useFilterCounts(filtering.filters);
  const surveys = choices?.surveys ?? [];
  // An empty list under filters says the search matched nothing, not that there are no posts.
  const filtered = changedFilterCount(filtering.filters, useDefaultStatus()) > 0;
  const { id, formId } = useParams();
  const selectedId = id && /^\d+$/.test(id) ? Number(id) : null;
  // The post column holds a post, its editor, or the form of a new post.
  const postColumn = selectedId !== null || formId !== undefined;
  // Select mode and keyboard moderation (spec 2 screen 17, issue 29) are for logged-in callers.
  const { loggedIn } = useSession();
  const bulkActions = useBulkActions(list.state.posts);
  const bulk = loggedIn ? bulkActions : undefined;
  const editing = useLocation().pathname.endsWith('/edit') || formId !== undefined;
  const keys = useModerationKeys({ posts: list.state.posts, openId: selectedId, bulk, enabled: !editing });
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  const context: PostBrowseContext = { refresh: list.refresh, removed: list.removed, added: list.added };
  return (
    <ViewFrame view="data" title={t('views.data.title')}>
      <div className={`data-layout${postColumn ? ' data-layout-post' : ''}${collapsed ? ' data-layout-collapsed' : ''}`}>
        <div id="data-filter-sidebar" className="data-sidebar" hidden={collapsed}>
          <FilterSidebar filtering={filtering} surveys={surveys} counts={counts} />
        </div>
        <div className="data-main">
          <div className="data-filter-bar">
            <SidebarToggle collapsed={collapsed} onToggle={toggleSidebar} controls="data-filter-sidebar" />
            <FilterBar filtering={filtering} surveys={surveys} tags={choices?.tags ?? []} />
            <AddPostButton primary />
          </div>
          <div className={`data-columns${postColumn ? ' data-columns-post' : ''}`}>
            <ScreenRegion region="list">
              <PostTimeline list={list} selectedId={selectedId} filtered={filtered} bulk={bulk} activeId={keys.activeId} />
            </ScreenRegion>
            <ScreenRegion region="post">
              <Outlet context={context} />
            </ScreenRegion>
          </div>
        </div>
      </div>
      {keys.helpOpen ? <KeyboardHelpDialog onClose={keys.closeHelp} /> : null}
    </ViewFrame>
  );
}

export { DataView as Component };
