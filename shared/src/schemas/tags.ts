import { z } from 'zod';
import { RefSchema } from './common';
import { colorField, digitsField, idField, slugify, STANDARD_TEXT } from './field-rules';
import { listQuery, queryIds, queryPhrase, queryPhrases, queryWord, queryWords } from './list-query';

export const TAG_NAME_MIN = 2;
export const TAG_NAME_MAX = 255;
export const TAG_DESCRIPTION_MAX = 150;
export const TAG_TYPES = ['category', 'status'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const TAG_DEFAULTS = { type: 'category', icon: 'tag', priority: 99 } as const;

/** Category texts of spec 3 section 5 and the server messages of API-CONTRACT 14.2. */
export const TagMessages = {
  nameRequired: 'Category name is required',
  nameTooShort: `Category name must be at least ${TAG_NAME_MIN} characters long`,
  nameTooLong: `Category name must not exceed ${TAG_NAME_MAX} characters long`,
  nameInvalid: 'The category name must contain only letters, numbers, spaces and punctuation',
  descriptionTooLong: `Description must not exceed ${TAG_DESCRIPTION_MAX} characters long`,
  descriptionInvalid: 'The description must contain only letters, numbers, spaces and punctuation',
  slugTooShort: 'slug must be at least 2 characters long',
  slugTaken: (slug: string) => `slug ${slug} is already in use`,
  typeInvalid: `type must be one of ${TAG_TYPES.join(', ')}`,
  colorInvalid: 'color must be a color',
  iconInvalid: 'icon must contain only letters, dashes, underscores and spaces',
  priorityInvalid: 'priority must be a digit',
  parentInvalid: 'parent_id must be a category id',
  parentMissing: (id: number) => `parent_id ${id} does not exist`,
  parentCycle: 'A category cannot be placed under itself or one of its children',
  roleInvalid: 'role must be a role name or a list of role names',
  roleMismatch: 'Role must match the parent category',
  roleMissing: (role: string) => `Role ${role} does not exist`,
} as const;
const M = TagMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

const Name = z
  .string({ error: (iss) => (missing(iss) ? M.nameRequired : M.nameInvalid) })
  .trim()
  .min(1, M.nameRequired)
  .min(TAG_NAME_MIN, M.nameTooShort)
  .max(TAG_NAME_MAX, M.nameTooLong)
  .regex(STANDARD_TEXT, M.nameInvalid);

/** Empty is allowed; otherwise the same character rule as the name. */
const Description = z
  .union([z.string(), z.null()], { error: M.descriptionInvalid })
  .transform((v) => (v === null ? null : v.trim()))
  .refine((v) => v === null || v.length <= TAG_DESCRIPTION_MAX, M.descriptionTooLong)
  .refine((v) => v === null || v === '' || STANDARD_TEXT.test(v), M.descriptionInvalid);

/** A role name is stored as a one-element list; an empty list or value means "everyone" (null). */
export const TagRoleField = z
  .union([z.string(), z.array(z.string({ error: M.roleInvalid })), z.null()], { error: M.roleInvalid })
  .transform((v) => {
    const list = (v === null ? [] : Array.isArray(v) ? v : [v]).map((r) => r.trim()).filter((r) => r.length > 0);
    return list.length === 0 ? null : [...new Set(list)];
  });

/** The write field is `parent_id`; `parent` ({id} or an id, as rendered) is accepted too. */
function withParentAlias(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.parent_id !== undefined || record.parent === undefined) return body;
  const parent = record.parent;
  return { ...record, parent_id: typeof parent === 'object' && parent !== null ? ((parent as { id?: unknown }).id ?? null) : parent };
}

const tagFields = {
  slug: z
    .union([z.string(), z.null()], { error: M.slugTooShort })
    .transform((v) => (v === null || v.trim() === '' ? undefined : slugify(v)))
    .refine((v) => v === undefined || v.length >= 2, M.slugTooShort)
    .optional(),
  description: Description.optional(),
  type: z.enum(TAG_TYPES, { error: M.typeInvalid }).optional(),
  color: colorField(M.colorInvalid).optional(),
  icon: z
    .union([z.string().regex(/^[\p{L}\s_-]*$/u, M.iconInvalid), z.null()], { error: M.iconInvalid })
    .transform((v) => (v ? v : TAG_DEFAULTS.icon))
    .optional(),
  priority: digitsField(M.priorityInvalid).optional(),
  parent_id: z.union([idField(M.parentInvalid), z.null()], { error: M.parentInvalid }).optional(),
  role: TagRoleField.optional(),
};

export const CreateTagBody = z.preprocess(withParentAlias, z.object({ tag: Name, ...tagFields }));
export type CreateTagBody = z.infer<typeof CreateTagBody>;

/** Partial: fields not sent keep their value. */
export const UpdateTagBody = z.preprocess(withParentAlias, z.object({ tag: Name.optional(), ...tagFields }));
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;

/** Roles compare as sets; null and [] both mean "everyone" (API-CONTRACT 14.2). */
export function sameRoles(a: readonly string[] | null, b: readonly string[] | null): boolean {
  const left = [...new Set(a ?? [])].sort();
  const right = [...new Set(b ?? [])].sort();
  return left.length === right.length && left.every((r, i) => r === right[i]);
}

export const TagSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  parent: RefSchema.nullable(),
  tag: z.string(),
  slug: z.string(),
  type: z.enum(TAG_TYPES),
  color: z.string().nullable(),
  icon: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  created: z.string(),
  role: z.array(z.string()).nullable(),
  children: z.array(RefSchema),
  allowed_privileges: z.array(z.string()),
});
export type Tag = z.infer<typeof TagSchema>;

export const TAG_SORTABLE = ['id', 'tag', 'slug', 'type', 'priority', 'created', 'updated'] as const;

/** `GET /tags`: `q`, `type`, `parent_id`, `tag`, and `level=parent` for top-level categories only (API-CONTRACT 14.2). */
export const TagListQuery = listQuery(
  { sortable: TAG_SORTABLE, orderby: 'id' },
  { q: queryPhrase, type: queryWords, parent_id: queryIds('parent_id'), tag: queryPhrases, level: queryWord },
);
export type TagListQuery = z.infer<typeof TagListQuery>;
