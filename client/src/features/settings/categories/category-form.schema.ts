import { CreateTagBody, STANDARD_TEXT, TAG_DESCRIPTION_MAX, TagMessages, type Tag } from '@platform/shared';
import { z } from 'zod';
import type { TagBody } from '../../../api/endpoints/tags';

/**
 * The category editor's form: the name rule is the shared tag schema's (2 to 255, standard text),
 * the description the same limit and characters (spec 3 section 5). A restricted category needs
 * at least one role.
 */
export const CategoryFormSchema = z
  .object({
    tag: CreateTagBody.out.shape.tag,
    description: z
      .string()
      .trim()
      .max(TAG_DESCRIPTION_MAX, TagMessages.descriptionTooLong)
      .refine((v) => v === '' || STANDARD_TEXT.test(v), TagMessages.descriptionInvalid),
    color: z.string().nullable(),
    parent_id: z.string(),
    everyone: z.boolean(),
    roles: z.array(z.string()),
  })
  .superRefine((form, ctx) => {
    if (form.parent_id === '' && !form.everyone && form.roles.length === 0)
      ctx.addIssue({ code: 'custom', path: ['roles'], message: 'category.valid.role.required' });
  });
export type CategoryForm = z.input<typeof CategoryFormSchema>;
export type CategoryFormOutput = z.output<typeof CategoryFormSchema>;

export function categoryFormValues(tag: Tag | null): CategoryForm {
  return {
    tag: tag?.tag ?? '',
    description: tag?.description ?? '',
    color: tag?.color ?? null,
    parent_id: tag?.parent ? String(tag.parent.id) : '',
    everyone: !tag?.role?.length,
    roles: tag?.role ?? [],
  };
}

/** A child always carries its parent's role (API-CONTRACT 14.2: the server refuses anything else). */
export function categoryBody(form: CategoryFormOutput, parent: Tag | null): TagBody {
  return {
    tag: form.tag,
    description: form.description === '' ? null : form.description,
    color: form.color,
    parent_id: parent ? parent.id : null,
    role: parent ? parent.role : form.everyone ? null : form.roles,
  };
}
