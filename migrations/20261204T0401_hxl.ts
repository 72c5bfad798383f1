import { sql, type Kysely } from 'kysely';

/** HXL hashtags (hxlstandard.org core schema) with the field types they fit, as the legacy platform seeded them. */
const TAGS: [string, string, string[], string[]][] = [
  ['#access', 'Accessibility and constraints', ['text', 'varchar'], ['+type', '+code']],
  ['#activity', 'A programme, project or other activity', ['text', 'varchar'], ['+code', '+name', '+type']],
  ['#adm1', 'Top-level subnational administrative area', ['text', 'varchar'], ['+code', '+name']],
  ['#adm2', 'Second-level subnational administrative area', ['text', 'varchar'], ['+code', '+name']],
  ['#adm3', 'Third-level subnational administrative area', ['text', 'varchar'], ['+code', '+name']],
  ['#adm4', 'Fourth-level subnational administrative area', ['text', 'varchar'], ['+code', '+name']],
  ['#adm5', 'Fifth-level subnational administrative area', ['text', 'varchar'], ['+code', '+name']],
  ['#affected', 'Number of people or households affected', ['int', 'decimal'], ['+f', '+m', '+children', '+adults', '+elderly']],
  [
    '#beneficiary',
    'General (non-numeric) information about a person or group meant to benefit',
    ['text', 'varchar'],
    ['+code', '+name', '+type'],
  ],
  ['#capacity', 'The response capacity of the entity being described', ['text', 'varchar'], ['+type']],
  ['#contact', 'Contact information for the subject of a data record', ['text', 'varchar'], ['+email', '+name', '+phone', '+url']],
  ['#country', 'Country (often left implied in a dataset)', ['text', 'varchar'], ['+code', '+name']],
  ['#crisis', 'The emergency or crisis', ['text', 'varchar'], ['+code', '+name', '+type']],
  ['#date', 'Date related to the data in the report', ['datetime'], ['+reported', '+start', '+end', '+occurred']],
  ['#description', 'Long text description of a situation or event', ['text', 'description'], ['+notes', '+type']],
  ['#event', 'An individual event or incident', ['text', 'varchar', 'title'], ['+code', '+type', '+name']],
  ['#geo', 'Geographical coordinates or shape', ['point'], ['+lat', '+lon', '+coord', '+elevation']],
  ['#group', 'An arbitrary grouping of people', ['text', 'varchar'], ['+code', '+name', '+type']],
  ['#impact', 'The impact of a crisis', ['text', 'varchar'], ['+type']],
  ['#indicator', 'A generic indicator', ['int', 'decimal', 'text', 'varchar'], ['+code', '+name', '+num', '+text']],
  ['#inneed', 'Number of people or households in need of assistance', ['int', 'decimal'], ['+f', '+m', '+children', '+adults']],
  ['#item', 'Emergency commodity or other item', ['text', 'varchar'], ['+code', '+name', '+type']],
  ['#loc', 'Place name below the lowest administrative level', ['text', 'varchar', 'location'], ['+code', '+name', '+type']],
  ['#need', 'A requirement of the affected population', ['text', 'varchar', 'tags'], ['+type']],
  ['#org', 'An organisation', ['text', 'varchar'], ['+code', '+name', '+type']],
  ['#population', 'General population number for an area or location', ['int', 'decimal'], ['+f', '+m', '+children', '+adults']],
  ['#sector', 'The humanitarian cluster or sector', ['text', 'varchar', 'tags'], ['+code', '+name']],
  ['#severity', 'A severity level', ['text', 'varchar', 'int'], ['+type', '+code']],
  ['#status', 'Status of a report, event or activity', ['text', 'varchar', 'status'], ['+type']],
  ['#targeted', 'Number of people or households targeted for assistance', ['int', 'decimal'], ['+f', '+m', '+children', '+adults']],
];

const ATTRIBUTES: Record<string, string> = {
  '+adults': 'Adults',
  '+children': 'Children',
  '+code': 'A unique, machine-readable code',
  '+coord': 'Geodetic coordinates (lat+lon together)',
  '+elderly': 'Elderly people',
  '+elevation': 'Elevation in metres',
  '+email': 'An e-mail address',
  '+end': 'The end of a period',
  '+f': 'Female',
  '+lat': 'Latitude',
  '+lon': 'Longitude',
  '+m': 'Male',
  '+name': 'A human-readable name, title or label',
  '+notes': 'Free text notes',
  '+num': 'A number',
  '+occurred': 'When something took place',
  '+phone': 'A phone number',
  '+reported': 'When something was reported',
  '+start': 'The start of a period',
  '+text': 'Text',
  '+type': 'A category or type',
  '+url': 'A web link',
};

/** The exchange's license ids (CKAN `license_id`), with the names the legacy platform listed. */
const LICENSES: [string, string, string][] = [
  ['cc-by', 'Creative Commons Attribution International (CC BY)', 'https://creativecommons.org/licenses/by/4.0/'],
  ['cc-by-sa', 'Creative Commons Attribution Share-Alike (CC BY-SA)', 'https://creativecommons.org/licenses/by-sa/4.0/'],
  ['cc-zero', 'Public Domain / No Restrictions (CC0)', 'https://creativecommons.org/publicdomain/zero/1.0/'],
  ['odc-by', 'Open Data Commons Attribution License (ODC-BY)', 'https://opendatacommons.org/licenses/by/'],
  ['odc-odbl', 'Open Database License (ODC-ODbL)', 'https://opendatacommons.org/licenses/odbl/'],
  ['odc-pddl', 'Open Data Commons Public Domain Dedication and License (PDDL)', 'https://opendatacommons.org/licenses/pddl/'],
  ['other-pd-nr', 'Public Domain / No Restrictions', 'https://data.humdata.org/about/license'],
  ['hdx-multi', 'Multiple Licenses', 'https://data.humdata.org/about/license'],
  ['hdx-other', 'Other', 'https://data.humdata.org/about/license'],
];

/**
 * HXL and the humanitarian data exchange (issue 22 item 5): the hashtags and attributes offered
 * when tagging an export, the exchange's licenses, and the metadata of a dataset to upload.
 * How far an upload went, so that a retried job never creates the dataset or its resource twice,
 * is kept by migration 20261205T0101 (`upload_stage` and the columns beside it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hxl_tags (
      id serial primary key,
      tag_name text not null unique,
      description text not null default '',
      form_attribute_types jsonb not null default '[]'
    );
    create table hxl_attributes (
      id serial primary key,
      attribute text not null unique,
      description text not null default ''
    );
    create table hxl_tag_attributes (
      tag_id integer not null references hxl_tags(id) on delete cascade,
      attribute_id integer not null references hxl_attributes(id) on delete cascade,
      primary key (tag_id, attribute_id)
    );
    create table hxl_licenses (
      id serial primary key,
      code text not null unique,
      name text not null,
      link text not null
    );
    create table hxl_meta_data (
      id serial primary key,
      export_job_id integer not null unique references export_jobs(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      organisation_id text not null,
      organisation_name text,
      dataset_title text not null,
      source text not null,
      license_id integer not null references hxl_licenses(id),
      private boolean not null default true,
      description text,
      created timestamptz not null default now(),
      updated timestamptz
    );
  `.execute(db);
  for (const [attribute, description] of Object.entries(ATTRIBUTES)) {
    await sql`insert into hxl_attributes (attribute, description) values (${attribute}, ${description})`.execute(db);
  }
  for (const [tag, description, types, attributes] of TAGS) {
    await sql`insert into hxl_tags (tag_name, description, form_attribute_types)
      values (${tag}, ${description}, ${JSON.stringify(types)}::jsonb)`.execute(db);
    for (const attribute of attributes) {
      await sql`insert into hxl_tag_attributes (tag_id, attribute_id)
        select t.id, a.id from hxl_tags t, hxl_attributes a where t.tag_name = ${tag} and a.attribute = ${attribute}`.execute(db);
    }
  }
  for (const [code, name, link] of LICENSES) {
    await sql`insert into hxl_licenses (code, name, link) values (${code}, ${name}, ${link})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists hxl_meta_data, hxl_licenses, hxl_tag_attributes, hxl_attributes, hxl_tags`.execute(db);
}
