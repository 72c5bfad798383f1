import { z } from 'zod';
import { LIMIT_TITLES } from '../errors';
import { RefSchema } from './common';
import { colorField, digitsField, flagField, idField, STANDARD_TEXT } from './field-rules';
import { listQuery, queryFirst, queryFlag, queryIds, queryPhrase, queryWords } from './list-query';

export const FORM_NAME_MIN = 2;
export const FORM_NAME_MAX = 255;
export const STAGE_LABEL_MIN = 2;
export const STAGE_LABEL_MAX = 150;
export const TARGETED_QUESTION_MAX = 160;

/**
 * Survey texts of spec 3 section 5 and API-CONTRACT 7; the server answers with the same words the
 * survey builder shows.
 */
export const FormMessages = {
  nameRequired: 'A survey-name is needed',
  nameTooShort: 'Name is too short',
  nameTooLong: 'Name is too long',
  nameInvalid: 'The survey name must contain only letters, numbers, spaces and punctuation',
  descriptionRequired: 'Description cannot be empty',
  descriptionInvalid: 'Description must be text',
  colorInvalid: 'color must be a color',
  flagInvalid: (field: string) => `${field} must be true or false`,
  parentInvalid: 'parent_id must be a survey id',
  parentMissing: (id: number) => `parent_id ${id} does not exist`,
  targetedNotRestricted: 'A targeted survey cannot be open to everyone: everyone_can_create must be false',
  /** The client maps this title to "You have reached the surveys limit for your plan." */
  limitReached: LIMIT_TITLES.forms,
  deleteNameMismatch: 'The text you entered does not match the survey-name, please try again',
} as const;
const M = FormMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

export const FormNameField = z
  .string({ error: (iss) => (missing(iss) ? M.nameRequired : M.nameInvalid) })
  .trim()
  .min(1, M.nameRequired)
  .min(FORM_NAME_MIN, M.nameTooShort)
  .max(FORM_NAME_MAX, M.nameTooLong)
  .regex(STANDARD_TEXT, M.nameInvalid);

const FLAGS = [
  'disabled',
  'hide_author',
  'hide_time',
  'hide_location',
  'require_approval',
  'everyone_can_create',
  'targeted_survey',
] as const;
export type FormFlag = (typeof FLAGS)[number];
const flags = Object.fromEntries(FLAGS.map((f) => [f, flagField(M.flagInvalid(f)).optional()])) as Record<
  FormFlag,
  z.ZodOptional<ReturnType<typeof flagField>>
>;

/** `targeted_survey` true requires `everyone_can_create` false (API-CONTRACT 7.1); checked on the merged survey. */
export function targetedSurveyProblem(form: { targeted_survey?: boolean; everyone_can_create?: boolean }): string | null {
  return form.targeted_survey === true && form.everyone_can_create !== false ? M.targetedNotRestricted : null;
}

const formFields = {
  description: z.string({ error: M.descriptionInvalid }).nullable().optional(),
  color: colorField(M.colorInvalid).optional(),
  parent_id: z.union([idField(M.parentInvalid), z.null()], { error: M.parentInvalid }).optional(),
  ...flags,
};

/** `can_create`, `tags`, `type`, `id`, `url` and dates are computed: writes ignore them. */
export const CreateFormBody = z.object({ name: FormNameField, ...formFields }).superRefine((form, ctx) => {
  const problem = targetedSurveyProblem(form);
  if (problem) ctx.addIssue({ code: 'custom', path: ['targeted_survey'], message: problem });
});
export type CreateFormBody = z.infer<typeof CreateFormBody>;

/** Partial: fields not sent keep their value; a sent name is still required (clearing it is 422). */
export const UpdateFormBody = z.object({ name: FormNameField.optional(), ...formFields });
export type UpdateFormBody = z.infer<typeof UpdateFormBody>;

export const FormSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  parent: RefSchema.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  type: z.literal('report'),
  disabled: z.boolean(),
  created: z.string(),
  updated: z.string().nullable(),
  hide_author: z.boolean(),
  hide_time: z.boolean(),
  hide_location: z.boolean(),
  require_approval: z.boolean(),
  everyone_can_create: z.boolean(),
  targeted_survey: z.boolean(),
  can_create: z.array(z.string()),
  tags: z.array(RefSchema),
  allowed_privileges: z.array(z.string()),
});
export type Form = z.infer<typeof FormSchema>;

export const FORM_SORTABLE = ['id', 'name', 'created', 'updated'] as const;

/** `GET /forms`: `q` (in the name), `disabled`, `targeted_survey` (API-CONTRACT 7.1). */
export const FormListQuery = listQuery(
  { sortable: FORM_SORTABLE, orderby: 'id' },
  { q: queryPhrase, disabled: queryFlag('disabled'), targeted_survey: queryFlag('targeted_survey') },
);
export type FormListQuery = z.infer<typeof FormListQuery>;

// ---- Stages ("tasks"), API-CONTRACT 7.2 ----

export const STAGE_TYPES = ['post', 'task'] as const;
export type StageType = (typeof STAGE_TYPES)[number];

export const StageMessages = {
  labelRequired: 'label must not be empty',
  labelTooShort: `label must be at least ${STAGE_LABEL_MIN} characters long`,
  labelTooLong: `label must not exceed ${STAGE_LABEL_MAX} characters long`,
  labelInvalid: 'label must contain only letters, numbers, spaces and punctuation',
  descriptionInvalid: 'description must be text',
  typeInvalid: `type must be one of ${STAGE_TYPES.join(', ')}`,
  priorityInvalid: 'priority must be a digit',
  iconInvalid: 'icon must contain only letters',
  flagInvalid: (field: string) => `${field} must be true or false`,
} as const;
const S = StageMessages;

const StageLabel = z
  .string({ error: (iss) => (missing(iss) ? S.labelRequired : S.labelInvalid) })
  .trim()
  .min(1, S.labelRequired)
  .min(STAGE_LABEL_MIN, S.labelTooShort)
  .max(STAGE_LABEL_MAX, S.labelTooLong)
  .regex(STANDARD_TEXT, S.labelInvalid);

const stageFields = {
  description: z.string({ error: S.descriptionInvalid }).nullable().optional(),
  priority: digitsField(S.priorityInvalid).optional(),
  icon: z
    .union([z.string().regex(/^\p{L}*$/u, S.iconInvalid), z.null()], { error: S.iconInvalid })
    .transform((v) => (v ? v : null))
    .optional(),
  type: z.enum(STAGE_TYPES, { error: S.typeInvalid }).optional(),
  required: flagField(S.flagInvalid('required')).optional(),
  show_when_published: flagField(S.flagInvalid('show_when_published')).optional(),
  task_is_internal_only: flagField(S.flagInvalid('task_is_internal_only')).optional(),
};

/** The form comes from the URL; a `form_id` in the body is ignored. */
export const CreateStageBody = z.object({ label: StageLabel, ...stageFields });
export type CreateStageBody = z.infer<typeof CreateStageBody>;
export const UpdateStageBody = z.object({ label: StageLabel.optional(), ...stageFields });
export type UpdateStageBody = z.infer<typeof UpdateStageBody>;

/** Server defaults of a stage created without them (v3 FormStage). */
export const STAGE_DEFAULTS = {
  type: 'task',
  priority: 99,
  required: false,
  show_when_published: true,
  task_is_internal_only: true,
} as const;

export const StageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  form_id: z.number().int(),
  label: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  icon: z.string().nullable(),
  type: z.enum(STAGE_TYPES),
  required: z.boolean(),
  show_when_published: z.boolean(),
  task_is_internal_only: z.boolean(),
  allowed_privileges: z.array(z.string()),
});
export type Stage = z.infer<typeof StageSchema>;

/**
 * Reading a survey's stages and fields: `postStatus=published` (the client viewing a published
 * post) also shows internal tasks to those who cannot edit the survey (API-CONTRACT 7.2).
 */
export const StageVisibilityQuery = z.object({ postStatus: queryPhrase });

export const STAGE_SORTABLE = ['id', 'priority', 'label', 'created', 'updated'] as const;

/** `GET /forms/stages` and `/forms/{id}/stages`: `form_id`, `q`, `label`, `type`. */
export const StageListQuery = listQuery(
  { sortable: STAGE_SORTABLE, orderby: 'id' },
  { ...StageVisibilityQuery.shape, form_id: queryIds('form_id'), q: queryPhrase, label: queryPhrase, type: queryWords },
);
export type StageListQuery = z.infer<typeof StageListQuery>;

// ---- Roles allowed to post (API-CONTRACT 7.4) ----

export const FormRoleMessages = {
  rolesRequired: 'roles must be a list of role ids',
  roleMissing: (role: string | number) => `role_id ${role} does not exist`,
} as const;

/** Role ids (names are accepted too and looked up); the list replaces the current one. */
export const UpdateFormRolesBody = z.object({
  roles: z.array(z.union([z.number().int(), z.string().trim().min(1)]), { error: FormRoleMessages.rolesRequired }),
});
export type UpdateFormRolesBody = z.infer<typeof UpdateFormRolesBody>;

export const FormRoleSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  form_id: z.number().int(),
  role_id: z.number().int(),
  allowed_privileges: z.array(z.string()),
});
export type FormRole = z.infer<typeof FormRoleSchema>;

// ---- Stats (API-CONTRACT 7.5) ----

export const DATA_SOURCE_TOTALS = ['all', 'web', 'email', 'sms', 'twitter'] as const;

export const FormStatsSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  form_id: z.number().int(),
  name: z.string(),
  total_by_data_source: z.record(z.enum(DATA_SOURCE_TOTALS), z.number().int()).optional(),
  total_responses: z.number().int().optional(),
  total_recipients: z.number().int().optional(),
  total_response_recipients: z.number().int().optional(),
  total_messages_sent: z.number().int().optional(),
  total_messages_pending: z.number().int().optional(),
  allowed_privileges: z.array(z.string()),
});
export type FormStats = z.infer<typeof FormStatsSchema>;

/** Seconds since 1970, or any date `Date` reads; anything else is refused. */
const statsDate = (name: string) =>
  z.preprocess(
    queryFirst,
    z
      .string()
      .transform((raw, ctx) => {
        const date = /^\d{1,12}$/.test(raw) ? new Date(Number(raw) * 1000) : new Date(raw);
        if (!Number.isNaN(date.getTime())) return date;
        ctx.addIssue({ code: 'custom', message: `${name} must be a date` });
        return z.NEVER;
      })
      .optional(),
  );

/** `GET /forms/{id}/stats?created_after&created_before`. */
export const FormStatsQuery = z.object({ created_after: statsDate('created_after'), created_before: statsDate('created_before') });
export type FormStatsQuery = z.infer<typeof FormStatsQuery>;

// ---- Targeted survey stepper (spec 3 section 5); client-side steps before the calls above ----

export const TargetedSurveyMessages = {
  nameRequired: 'You must give your survey a name',
  descriptionRequired: 'You must give your survey a description',
  countryRequired: 'You must select a country',
  questionRequired: 'You need to add a question',
  questionTooLong: `Your question is too long, you can use maximum ${TARGETED_QUESTION_MAX} characters`,
  questionDuplicate: 'This question already exists',
} as const;
const T = TargetedSurveyMessages;

export const TargetedSurveyDetails = z.object({
  name: z
    .string({ error: T.nameRequired })
    .trim()
    .min(1, T.nameRequired)
    .min(FORM_NAME_MIN, M.nameTooShort)
    .max(FORM_NAME_MAX, M.nameTooLong),
  description: z.string({ error: T.descriptionRequired }).trim().min(1, T.descriptionRequired),
});

export const TargetedQuestion = z.object({
  question: z.string({ error: T.questionRequired }).trim().min(1, T.questionRequired).max(TARGETED_QUESTION_MAX, T.questionTooLong),
  response_private: z.boolean().optional(),
});

/** Questions must not repeat (compared trimmed, case-insensitive). */
export const TargetedQuestions = z.array(TargetedQuestion).superRefine((questions, ctx) => {
  const seen = new Set<string>();
  questions.forEach((q, index) => {
    const key = q.question.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'question'], message: T.questionDuplicate });
    seen.add(key);
  });
  if (questions.length === 0) ctx.addIssue({ code: 'custom', message: T.questionRequired });
});
