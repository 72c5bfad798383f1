import { z } from 'zod';
import { fitsFreeJson, freeJsonTooLarge, freeObject, MAX_DB_ID } from './common';
import { digitsField, flagField, idField } from './field-rules';
import { StageVisibilityQuery } from './forms';
import { listQuery, queryIds, queryPhrases, queryWords } from './list-query';

export const ATTRIBUTE_LABEL_MAX = 150;
export const ATTRIBUTE_KEY_MAX = 150;

/** Every attribute type and input v3 accepts (API-CONTRACT 7.3). */
export const ATTRIBUTE_TYPES = [
  'decimal',
  'int',
  'geometry',
  'text',
  'varchar',
  'markdown',
  'point',
  'datetime',
  'link',
  'relation',
  'media',
  'title',
  'description',
  'tags',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const ATTRIBUTE_INPUTS = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'date',
  'datetime',
  'location',
  'number',
  'relation',
  'upload',
  'video',
  'markdown',
  'tags',
] as const;
export type AttributeInput = (typeof ATTRIBUTE_INPUTS)[number];

/** The fields the survey builder offers (spec 3 section 3), in its order: type/input pairs. */
export const BUILDER_FIELDS: ReadonlyArray<{ type: AttributeType; input: AttributeInput }> = [
  { type: 'varchar', input: 'text' },
  { type: 'text', input: 'textarea' },
  { type: 'decimal', input: 'number' },
  { type: 'int', input: 'number' },
  { type: 'point', input: 'location' },
  { type: 'datetime', input: 'date' },
  { type: 'datetime', input: 'datetime' },
  { type: 'varchar', input: 'select' },
  { type: 'varchar', input: 'radio' },
  { type: 'varchar', input: 'checkbox' },
  { type: 'relation', input: 'relation' },
  { type: 'media', input: 'upload' },
  { type: 'varchar', input: 'video' },
  { type: 'markdown', input: 'markdown' },
  { type: 'tags', input: 'tags' },
  { type: 'title', input: 'text' },
  { type: 'description', input: 'text' },
];

/**
 * Which inputs each type may use: the builder's pairs plus the few older clients and imports also
 * produced (checkboxes, plain-text numbers and dates, WKT geometry, links).
 */
export const ATTRIBUTE_PAIRS: Record<AttributeType, readonly AttributeInput[]> = {
  varchar: ['text', 'textarea', 'select', 'radio', 'checkbox', 'checkboxes', 'video'],
  text: ['textarea', 'text'],
  markdown: ['markdown', 'textarea'],
  decimal: ['number', 'text'],
  int: ['number', 'text'],
  point: ['location'],
  geometry: ['text', 'textarea', 'location'],
  datetime: ['date', 'datetime', 'text'],
  link: ['text', 'video'],
  relation: ['relation'],
  media: ['upload'],
  tags: ['tags', 'checkbox', 'checkboxes'],
  title: ['text'],
  description: ['text', 'textarea', 'markdown'],
};

/** Inputs whose options are choices that must not repeat (spec 3 section 5). */
export const CHOICE_INPUTS: readonly string[] = ['select', 'radio', 'checkbox', 'checkboxes'];
/** Built-in fields: at most one of each per survey, never private, never optional, never deleted. */
export const BUILT_IN_TYPES: readonly string[] = ['title', 'description'];

export const AttributeMessages = {
  labelRequired: 'Field name is required',
  labelInvalid: 'Field name must be text',
  labelTooLong: `Field name must not exceed ${ATTRIBUTE_LABEL_MAX} characters long`,
  keyInvalid: 'key must contain only numbers, letters and dashes',
  keyTooLong: `key must not exceed ${ATTRIBUTE_KEY_MAX} characters long`,
  keyTaken: (key: string) => `The key "${key}" is not available`,
  typeInvalid: `type must be one of ${ATTRIBUTE_TYPES.join(', ')}`,
  inputInvalid: `input must be one of ${ATTRIBUTE_INPUTS.join(', ')}`,
  pairInvalid: (type: string, input: string) => `A ${type} field cannot use the ${input} input`,
  duplicateType: (type: string) => `There cannot be more than one field with the type ${type}`,
  flagInvalid: (field: string) => `${field} must be true or false`,
  priorityInvalid: 'priority must be a digit',
  cardinalityInvalid: 'cardinality must be a digit',
  instructionsInvalid: 'instructions must be text',
  defaultInvalid: 'default must be text',
  optionsInvalid: 'options must be a list',
  configInvalid: 'config must be an object',
  stageRequired: 'form_stage_id is required',
  stageInvalid: 'form_stage_id must be a digit',
  stageMissing: (id: number) => `form_stage_id ${id} does not exist`,
  stageOfOtherForm: (id: number) => `form_stage_id ${id} belongs to another survey`,
  duplicateOption: 'Options must not repeat',
  tagsPrivate: 'Tag fields cannot be private.',
  builtInPrivate: 'Title and description fields cannot be private',
  builtInOptional: 'Title and description fields cannot be optional',
  builtInDelete: 'Title and description fields cannot be deleted',
  noOptions: 'Upload fields have no options',
  noDefault: 'Upload and category fields have no default value',
  tagMissing: (id: number) => `Category ${id} does not exist`,
} as const;
const A = AttributeMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

const Label = z
  .string({ error: (iss) => (missing(iss) ? A.labelRequired : A.labelInvalid) })
  .trim()
  .min(1, A.labelRequired)
  .max(ATTRIBUTE_LABEL_MAX, A.labelTooLong);

/** An empty key means "generate one". */
const Key = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: A.keyInvalid })
    .max(ATTRIBUTE_KEY_MAX, A.keyTooLong)
    .regex(/^[\p{L}\p{N}_-]+$/u, A.keyInvalid)
    .optional(),
);

/** `options` is a list; `{}` (what some clients send for "none") is an empty list, null too. */
const Options = z.preprocess(
  (v) => (v === null ? [] : typeof v === 'object' && !Array.isArray(v) ? Object.values(v as object) : v),
  z.array(z.unknown(), { error: A.optionsInvalid }).refine(fitsFreeJson, { error: freeJsonTooLarge('options') }),
);

/** Free JSON object (`hasCaption` for uploads, `input.form` for relations); `[]` and null are empty. */
const Config = z.preprocess((v) => (v === null ? {} : v), freeObject('config', A.configInvalid));

const Default = z
  .union([z.string(), z.number(), z.boolean(), z.null()], { error: A.defaultInvalid })
  .transform((v) => (v === null ? null : String(v)));

const StageId = idField(A.stageInvalid);
const RequiredStageId = z.union(
  [
    z.number().int(A.stageInvalid).positive(A.stageInvalid).max(MAX_DB_ID, A.stageInvalid),
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, A.stageInvalid)
      .transform(Number),
  ],
  { error: (iss) => (missing(iss) || iss.input === '' ? A.stageRequired : A.stageInvalid) },
);

/** The write alias `form_stage` (an id or `{id}`) becomes `form_stage_id` (API-CONTRACT 7.3). */
function withStageAlias(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.form_stage_id !== undefined || record.form_stage === undefined) return body;
  const alias = record.form_stage;
  const id = typeof alias === 'object' && alias !== null ? (alias as { id?: unknown }).id : alias;
  return { ...record, form_stage_id: id };
}

const attributeFields = {
  key: Key,
  instructions: z.string({ error: A.instructionsInvalid }).nullable().optional(),
  required: flagField(A.flagInvalid('required')).optional(),
  default: Default.optional(),
  priority: digitsField(A.priorityInvalid).optional(),
  options: Options.optional(),
  cardinality: digitsField(A.cardinalityInvalid).optional(),
  config: Config.optional(),
  response_private: flagField(A.flagInvalid('response_private')).optional(),
};

const TypeField = z.enum(ATTRIBUTE_TYPES, { error: A.typeInvalid });
const InputField = z.enum(ATTRIBUTE_INPUTS, { error: A.inputInvalid });

/** The shape cross-field rules look at: a create body, or an update merged over the stored field. */
export type AttributeShape = {
  type: string;
  input: string;
  required?: boolean;
  default?: string | null;
  options?: unknown[];
  response_private?: boolean;
};

export type AttributeProblem = { field: string; message: string };

/**
 * Rules that need the whole field but no database: allowed pairs, private and optional built-ins,
 * private categories, repeated choices, uploads and categories without defaults or options.
 */
export function attributeProblems(field: AttributeShape): AttributeProblem[] {
  const problems: AttributeProblem[] = [];
  const pairs = ATTRIBUTE_PAIRS[field.type as AttributeType] as readonly string[] | undefined;
  if (pairs && !pairs.includes(field.input)) problems.push({ field: 'input', message: A.pairInvalid(field.type, field.input) });
  if (field.response_private === true) {
    if (field.type === 'tags') problems.push({ field: 'response_private', message: A.tagsPrivate });
    else if (BUILT_IN_TYPES.includes(field.type)) problems.push({ field: 'response_private', message: A.builtInPrivate });
  }
  if (BUILT_IN_TYPES.includes(field.type) && field.required === false) problems.push({ field: 'required', message: A.builtInOptional });
  const options = field.options ?? [];
  // Options too deep to serialise were refused by the schema (fitsFreeJson), so comparing them here is safe.
  if (CHOICE_INPUTS.includes(field.input) && field.type !== 'tags') {
    const seen = new Set(options.map((o) => JSON.stringify(o)));
    if (seen.size !== options.length) problems.push({ field: 'options', message: A.duplicateOption });
  }
  if (field.type === 'media' && options.length > 0) problems.push({ field: 'options', message: A.noOptions });
  if ((field.type === 'media' || field.type === 'tags') && field.default !== undefined && field.default !== null && field.default !== '')
    problems.push({ field: 'default', message: A.noDefault });
  return problems;
}

/**
 * Category options are tag ids: numbers, numeric strings or `{id}` objects; anything else is
 * dropped on save (spec 3 section 5), repeats too.
 */
export function tagOptionIds(options: unknown[]): number[] {
  const ids = options.map((o) => (typeof o === 'object' && o !== null ? (o as { id?: unknown }).id : o));
  const numeric = ids
    .map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
  return [...new Set(numeric)];
}

const addProblems = (field: AttributeShape, ctx: z.RefinementCtx) => {
  for (const p of attributeProblems(field)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
};

export const CreateAttributeBody = z.preprocess(
  withStageAlias,
  z
    .object({
      label: Label,
      type: TypeField,
      input: InputField,
      form_stage_id: RequiredStageId,
      ...attributeFields,
    })
    .superRefine(addProblems),
);
export type CreateAttributeBody = z.infer<typeof CreateAttributeBody>;

/** Partial; cross-field rules run on the update merged over the stored field (see `attributeProblems`). */
export const UpdateAttributeBody = z.preprocess(
  withStageAlias,
  z.object({
    label: Label.optional(),
    type: TypeField.optional(),
    input: InputField.optional(),
    form_stage_id: StageId.optional(),
    ...attributeFields,
  }),
);
export type UpdateAttributeBody = z.infer<typeof UpdateAttributeBody>;

export const AttributeSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  key: z.string(),
  label: z.string(),
  instructions: z.string().nullable(),
  input: z.string(),
  type: z.string(),
  required: z.boolean(),
  default: z.string().nullable(),
  priority: z.number().int(),
  options: z.array(z.unknown()),
  cardinality: z.number().int(),
  config: z.record(z.string(), z.unknown()),
  form_stage_id: z.number().int(),
  response_private: z.boolean(),
  allowed_privileges: z.array(z.string()),
});
export type Attribute = z.infer<typeof AttributeSchema>;

export const ATTRIBUTE_SORTABLE = ['id', 'priority', 'label', 'key', 'type', 'input', 'form_stage_id', 'created', 'updated'] as const;

/**
 * `GET /forms/attributes` and `/forms/{id}/attributes`: `form_id`, `type`, `input`, `label`, `key`
 * (API-CONTRACT 7.3). The client asks `order=asc&orderby=priority`.
 */
export const AttributeListQuery = listQuery(
  { sortable: ATTRIBUTE_SORTABLE, orderby: 'id' },
  {
    ...StageVisibilityQuery.shape,
    form_id: queryIds('form_id'),
    type: queryWords,
    input: queryWords,
    label: queryPhrases,
    key: queryWords,
  },
);
export type AttributeListQuery = z.infer<typeof AttributeListQuery>;
