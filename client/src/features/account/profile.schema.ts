import { EmailField, PasswordField, RequiredRealnameField } from '@platform/shared';
import { z } from 'zod';

/** Profile: name and e-mail always; the password only once "change password" was chosen (spec 1 section 5). */
export const ProfileFormSchema = z
  .object({
    realname: RequiredRealnameField,
    email: EmailField,
    changingPassword: z.boolean(),
    password: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.changingPassword) return;
    const checked = PasswordField.safeParse(values.password);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]?.message ?? '' });
  });
export type ProfileForm = z.input<typeof ProfileFormSchema>;
