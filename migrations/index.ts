import type { Migration } from 'kysely';
import * as core from './20261122T0001_core';
import * as surveys from './20261122T0002_surveys';
import * as mediaStorageKey from './20261123T0001_media_storage_key';
import * as posts from './20261123T0002_posts';
import * as eventsData from './20261124T0001_events_data';
import * as postStats from './20261125T0101_post_stats';
import * as postPlanner from './20261125T0102_post_planner';
import * as liveCollaboration from './20261125T0201_live_collaboration';
import * as postMapped from './20261126T0101_post_mapped';
import * as postDayCounts from './20261126T0102_post_day_counts';
import * as postPointsByPost from './20261127T0101_post_points_by_post';
import * as postPlaces from './20261128T0101_post_places';
import * as eventCommits from './20261129T0301_event_commits';
import * as postsMedia from './20261201T0101_posts_media';
import * as webhooks from './20261202T0101_webhooks';
import * as csvImports from './20261202T0401_csv_imports';
import * as exportJobs from './20261203T0101_export_jobs';
import * as datasources from './20261203T0301_datasources';
import * as targetedSurveys from './20261204T0301_targeted_surveys';
import * as hxl from './20261204T0401_hxl';
import * as notificationSms from './20261205T0001_notification_sms';
import * as hdxUploadProgress from './20261205T0101_hdx_upload_progress';
import * as postsRefreshPlacesByIndex from './20261205T1201_posts_refresh_places_by_index';
import * as postCountsFoldTwins from './20261206T0101_post_counts_fold_twins';

/**
 * Every migration, in order. Migrations are frozen once landed: add a new file, never edit one.
 * They are listed here so the bundled server carries them without reading the file system.
 */
export const migrations: Record<string, Migration> = {
  '20261122T0001_core': core,
  '20261122T0002_surveys': surveys,
  '20261123T0001_media_storage_key': mediaStorageKey,
  '20261123T0002_posts': posts,
  '20261124T0001_events_data': eventsData,
  '20261125T0101_post_stats': postStats,
  '20261125T0102_post_planner': postPlanner,
  '20261125T0201_live_collaboration': liveCollaboration,
  '20261126T0101_post_mapped': postMapped,
  '20261126T0102_post_day_counts': postDayCounts,
  '20261127T0101_post_points_by_post': postPointsByPost,
  '20261128T0101_post_places': postPlaces,
  '20261129T0301_event_commits': eventCommits,
  '20261201T0101_posts_media': postsMedia,
  '20261202T0101_webhooks': webhooks,
  '20261202T0401_csv_imports': csvImports,
  '20261203T0101_export_jobs': exportJobs,
  '20261203T0301_datasources': datasources,
  '20261204T0301_targeted_surveys': targetedSurveys,
  '20261204T0401_hxl': hxl,
  '20261205T0001_notification_sms': notificationSms,
  '20261205T0101_hdx_upload_progress': hdxUploadProgress,
  '20261205T1201_posts_refresh_places_by_index': postsRefreshPlacesByIndex,
  '20261206T0101_post_counts_fold_twins': postCountsFoldTwins,
};
