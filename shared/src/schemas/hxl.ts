import { z } from 'zod';
import { LooseBoolean } from './common';
import { ExportProgressSchema } from './exports';

/** Spec 3 "Export and data exchange" validation: the data-exchange form's messages. */
export const HxlMessages = {
  title: 'A title is needed',
  source: 'Source is needed',
  organisation: 'An organisation is needed',
  license: 'A license is needed',
  exportJob: 'export_job_id must be an export job of yours sent to the exchange',
  noKey: 'Save your humanitarian data exchange API key in your user settings first',
  refused: 'The humanitarian data exchange refused the request',
  unreachable: 'The humanitarian data exchange could not be reached',
  uploadFailed: 'data_export.upload_progressed_data_err',
} as const;

const required = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`);

/**
 * How far an upload to the exchange went: `queued` (its metadata saved, waiting for the file or a
 * worker), `dataset` (finding or creating the dataset), `file` (uploading the file as its resource).
 */
export const HXL_UPLOAD_STAGES = ['queued', 'dataset', 'file'] as const;
export type HxlUploadStage = (typeof HXL_UPLOAD_STAGES)[number];

/**
 * The payload of `export.upload_progressed` and of the `export.completed` / `export.failed` that end an
 * upload: the export's progress, with the stage, the dataset's page once uploaded, and the
 * exchange's answer (`reason`) when it failed.
 */
export const ExportUploadSchema = ExportProgressSchema.extend({
  stage: z.enum(HXL_UPLOAD_STAGES).optional(),
  dataset_url: z.string().nullish(),
  message: z.string().optional(),
  reason: z.string().nullish(),
});
export type ExportUpload = z.infer<typeof ExportUploadSchema>;

/** `POST /hxl/metadata` (spec 3 "Data-exchange metadata"); the caller is the `user_id`. */
export const HxlMetadataBody = z.object({
  export_job_id: z.coerce.number({ error: HxlMessages.exportJob }).int().positive(HxlMessages.exportJob),
  organisation_id: required(HxlMessages.organisation),
  organisation_name: z.string().trim().max(255).nullish(),
  dataset_title: required(HxlMessages.title),
  source: required(HxlMessages.source),
  license_id: z.coerce.number({ error: HxlMessages.license }).int(HxlMessages.license).positive(HxlMessages.license),
  private: LooseBoolean.default(true),
  description: z.string().trim().max(10_000).nullish(),
});
export type HxlMetadataBody = z.infer<typeof HxlMetadataBody>;

export const HxlMetadataSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  export_job_id: z.number().int(),
  user_id: z.number().int().nullable(),
  organisation_id: z.string(),
  organisation_name: z.string().nullable(),
  dataset_title: z.string(),
  source: z.string(),
  license_id: z.number().int(),
  private: z.boolean(),
  description: z.string().nullable(),
  upload_stage: z.enum(HXL_UPLOAD_STAGES).nullable(),
  dataset_url: z.string().nullable(),
  upload_error: z.string().nullable(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type HxlMetadata = z.infer<typeof HxlMetadataSchema>;

export const HxlAttributeSchema = z.object({ id: z.number().int(), attribute: z.string(), description: z.string() });
export const HxlTagSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  tag_name: z.string(),
  description: z.string(),
  form_attribute_types: z.array(z.string()),
  attributes: z.array(HxlAttributeSchema),
  allowed_privileges: z.array(z.string()),
});
export type HxlTag = z.infer<typeof HxlTagSchema>;

export const HxlLicenseSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  code: z.string(),
  name: z.string(),
  link: z.string(),
  allowed_privileges: z.array(z.string()),
});
export type HxlLicense = z.infer<typeof HxlLicenseSchema>;

/** One of the caller's organisations on the exchange (CKAN `organization_list_for_user`). */
export const HxlOrganisationSchema = z.object({ id: z.string(), name: z.string(), title: z.string() });
export type HxlOrganisation = z.infer<typeof HxlOrganisationSchema>;

export const HxlMetadataListQuery = z.object({ export_job_id: z.coerce.number().int().positive().optional() });
