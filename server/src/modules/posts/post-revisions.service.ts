import type { Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import { postRule } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { parsePaging, type Paging } from '../../http/query';
import type { PostFormContext } from './post-forms.repository';
import { revisionOf, revisionsOf, REVISION_SORTABLE, type RevisionRow } from './post-revisions.repository';
import { postSubject } from './posts.presenter';
import type { PostsReads } from './posts.service';

export type RevisionsResult = {
  rows: RevisionRow[];
  total: number;
  paging: Paging;
  context: PostFormContext | null;
  locationPrecision: number;
};

/**
 * A post's history from the event log (DESIGN 3). Only callers who may edit the post see its
 * earlier states: a reader of the published post must not find the draft it used to be.
 */
export function createPostRevisionsService(ctx: AppContext, reads: PostsReads) {
  async function editable(auth: Auth, postId: number): Promise<PostFormContext | null> {
    const view = await reads.view(ctx.db, await reads.load(ctx.db, postId));
    authorize(postRule, auth, 'update', postSubject(view.post, view.context?.form ?? null));
    return view.context;
  }

  return {
    async list(auth: Auth, postId: number, query: Record<string, unknown>): Promise<RevisionsResult> {
      const context = await editable(auth, postId);
      const paging = parsePaging(query, { resource: 'post_revision', sortable: REVISION_SORTABLE, orderby: 'id', order: 'asc' });
      const { rows, total } = await revisionsOf(ctx.db, postId, paging);
      return { rows, total, paging, context, locationPrecision: await reads.locationPrecision() };
    },

    async get(auth: Auth, postId: number, id: number) {
      const context = await editable(auth, postId);
      const row = (await revisionOf(ctx.db, postId, id)) ?? notFound('post_revision', id);
      return { row, context, locationPrecision: await reads.locationPrecision() };
    },
  };
}
