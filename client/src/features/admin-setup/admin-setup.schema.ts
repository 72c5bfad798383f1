import { DEFAULT_ADMIN_EMAIL, EmailField, PasswordField } from '@platform/shared';
import { z } from 'zod';

/** A new address (not the default one) and a new password. */
export const AdminSetupSchema = z.object({
  email: EmailField.refine((email) => email.toLowerCase() !== DEFAULT_ADMIN_EMAIL, 'admin_setup.valid.email_default'),
  password: PasswordField,
});
export type AdminSetupForm = z.infer<typeof AdminSetupSchema>;
