import { EmailField, PasswordField, RequiredRealnameField } from '@platform/shared';
import { z } from 'zod';

/** Client-only rule: its message is the i18n key (ui/form-messages.ts). */
export const ROLE_REQUIRED = 'user.valid.role.required';

export type UserFormMode = 'create' | 'edit';

/**
 * The user editor (spec 3 section 5): full name required up to 150, e-mail required and valid up to
 * 150, password 7 to 72 (required only on create; left empty on edit it stays as it is), role required.
 */
export function userFormSchema(mode: UserFormMode) {
  return z
    .object({
      realname: RequiredRealnameField,
      email: EmailField,
      password: z.string(),
      role: z.string().trim().min(1, ROLE_REQUIRED),
    })
    .superRefine((values, ctx) => {
      if (mode === 'edit' && values.password === '') return;
      const checked = PasswordField.safeParse(values.password);
      if (!checked.success) ctx.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]?.message ?? '' });
    });
}
export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;
