import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import { contextOf, contextsByFormIds } from './post-forms.repository';
import { createPostBulkService } from './post-bulk.service';
import { createPostGeoJsonService } from './post-geojson.service';
import { createPostLocksService } from './post-locks.service';
import { recordTargetedAnswer } from './post-from-answers';
import { createPostFromMessage } from './post-from-message';
import { announceFormPostsDeleted, removeTagFromPosts } from './post-maintenance';
import { createPostRevisionsService } from './post-revisions.service';
import { announceSetsChanged, announceSetsChangedMany } from './post-sets';
import { createPostClustersService } from './map/post-clusters.service';
import { createPostStatsService } from './post-stats.service';
import { createPostWritesService } from './post-writes.service';
import { presentValues } from './post-values.presenter';
import { filteredPosts } from './search';
import { createPostsService } from './posts.service';

export type PostsModule = ReturnType<typeof createPostsModule>;

/** The post services, and the hooks the surveys and categories modules call in their transactions. */
export function createPostsModule(ctx: AppContext) {
  const reads = createPostsService(ctx);
  return {
    reads,
    /** Answers of repeated list reads (`GET /posts`, GeoJSON), forgotten at every change. */
    answers: ctx.answers,
    writes: createPostWritesService(ctx, reads),
    geojson: createPostGeoJsonService(ctx, reads),
    revisions: createPostRevisionsService(ctx, reads),
    locks: createPostLocksService(ctx),
    /** One action on many posts in one transaction (spec 2 screen 17). */
    bulk: createPostBulkService(ctx),
    stats: createPostStatsService(ctx, reads),
    clusters: createPostClustersService(ctx, reads),
    /** A survey with its tasks and fields as post writes check them (the CSV import maps columns to them). */
    formContext: (db: Executor, formId: number) => contextOf(db, formId),
    /** What an export reads: the search's rows under the viewer's read rule, surveys, values as the viewer sees them. */
    exports: { rows: filteredPosts, formContexts: contextsByFormIds, values: presentValues },
    /** Called by the data sources when an incoming message has a survey to go to. */
    createFromMessage: createPostFromMessage,
    /** Called by the targeted surveys when a recipient answers a question. */
    recordTargetedAnswer,
    /** Called by the tags module before a category is deleted. */
    removeTagFromPosts: (trx: Trx, tagId: number) => removeTagFromPosts(trx, tagId, ctx.now()),
    /** Called by the collections module when a post joins or leaves a collection. */
    announceSetsChanged,
    /** The same, for the posts a bulk add put in a collection. */
    announceSetsChangedMany,
    /** Called by the forms module before a survey (and through its foreign key, its posts) is deleted. */
    announceFormPostsDeleted,
  };
}
