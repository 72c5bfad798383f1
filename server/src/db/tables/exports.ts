import type { ColumnType, Generated } from 'kysely';
import type { ExportFormat, ExportStatus, HxlHeadingEntry, HxlUploadStage } from '@platform/shared';
import type { CreatedAt, Json } from './core';

export interface ExportJobsTable {
  id: Generated<number>;
  user_id: number | null;
  entity_type: Generated<'post'>;
  format: Generated<ExportFormat>;
  /** Field keys to export; null for every field. */
  fields: Json<string[] | null> | null;
  /** The post list filters as sent (API-CONTRACT 8.4), parsed again by the job. */
  filters: Json<Record<string, unknown>>;
  status: Generated<ExportStatus>;
  include_hxl: Generated<boolean>;
  hxl_heading_row: Json<HxlHeadingEntry[] | null> | null;
  send_to_browser: Generated<boolean>;
  send_to_hdx: Generated<boolean>;
  hxl_meta_data_id: number | null;
  header_row: Json<string[] | null> | null;
  total_rows: number | null;
  total_batches: number | null;
  processed_rows: Generated<number>;
  /** The finished file under DATA_DIR/exports, and the secret its download URL is signed with. */
  file_key: string | null;
  file_secret: string | null;
  url_expiration: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lease_owner: string | null;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created: CreatedAt;
  updated: Date | null;
}

/** Export jobs (issue 22). */
export interface ExportTables {
  export_jobs: ExportJobsTable;
}

export interface HxlMetaDataTable {
  id: Generated<number>;
  export_job_id: number;
  user_id: number | null;
  organisation_id: string;
  organisation_name: string | null;
  dataset_title: string;
  source: string;
  license_id: number;
  private: Generated<boolean>;
  description: string | null;
  /** How far the upload went while it runs (null before it is asked for and once it ended). */
  upload_stage: HxlUploadStage | null;
  upload_lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The dataset's page on the exchange, once uploaded. */
  dataset_url: string | null;
  /** The exchange's answer, when the upload failed. */
  upload_error: string | null;
  created: CreatedAt;
  updated: Date | null;
}

/** HXL hashtags, attributes and the exchange's licenses (issue 22 item 5). */
export interface HxlTables {
  hxl_tags: { id: Generated<number>; tag_name: string; description: string; form_attribute_types: Json<string[]> };
  hxl_attributes: { id: Generated<number>; attribute: string; description: string };
  hxl_tag_attributes: { tag_id: number; attribute_id: number };
  hxl_licenses: { id: Generated<number>; code: string; name: string; link: string };
  hxl_meta_data: HxlMetaDataTable;
}
