import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl, w3c } from '../../http/urls';
import { exportRule } from '../exports/exports.policy';
import type { HxlLicenseRow, HxlMetaDataRow, HxlTagRow } from './hxl.repository';

/** Read by anyone allowed the `hxl` routes; nothing here is edited through the API. */
const READ_ONLY = ['read', 'search'];

export const presentHxlTag = (base: string, tag: HxlTagRow) => ({
  id: tag.id,
  url: resourceUrl(base, 'hxl/tags', tag.id),
  tag_name: tag.tag_name,
  description: tag.description,
  form_attribute_types: tag.form_attribute_types,
  attributes: tag.attributes,
  allowed_privileges: READ_ONLY,
});

export const presentHxlLicense = (base: string, license: HxlLicenseRow) => ({
  id: license.id,
  url: resourceUrl(base, 'hxl/licenses', license.id),
  code: license.code,
  name: license.name,
  link: license.link,
  allowed_privileges: READ_ONLY,
});

export const presentHxlMetadata = (base: string, auth: Auth, row: HxlMetaDataRow) => ({
  id: row.id,
  url: resourceUrl(base, 'hxl/metadata', row.id),
  export_job_id: row.export_job_id,
  user_id: row.user_id,
  organisation_id: row.organisation_id,
  organisation_name: row.organisation_name,
  dataset_title: row.dataset_title,
  source: row.source,
  license_id: row.license_id,
  private: row.private,
  description: row.description,
  upload_stage: row.upload_stage,
  dataset_url: row.dataset_url,
  upload_error: row.upload_error,
  created: w3c(row.created)!,
  updated: w3c(row.updated),
  allowed_privileges: allowedPrivileges(exportRule, auth, { user_id: row.user_id }),
});
