import { EmailField, PasswordField, PasswordResetBody, RequiredRealnameField } from '@platform/shared';
import { z } from 'zod';

// Client-only rules carry i18n keys as messages; shared fields carry the shared messages, which
// ui/form-messages.ts maps to the spec's texts.

/** The login field takes an e-mail address, checked as it is typed (spec 1 section 5). */
export const LoginFormSchema = z.object({
  email: EmailField,
  password: z.string().min(1, 'login.valid.password_required'),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = z.object({
  realname: RequiredRealnameField,
  email: EmailField,
  password: PasswordField,
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const ForgotPasswordFormSchema = PasswordResetBody;
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

/** The token is typed in only when the link did not carry it (spec 1 section 5). */
export const ResetConfirmFormSchema = z.object({
  token: z.string().trim().min(1, 'password_reset_confirm.valid.token_required'),
  password: PasswordField,
});
export type ResetConfirmForm = z.infer<typeof ResetConfirmFormSchema>;

export const TosFormSchema = z.object({
  agree: z.boolean().refine((v) => v, 'tos.required'),
});
export type TosForm = z.infer<typeof TosFormSchema>;
