import { ConfigMessages, RoleMessages, UserMessages, WebhookMessages } from '@platform/shared';
import type { TFunction } from 'i18next';

/**
 * The shared schemas' messages are the server's wording; on screen the spec's texts apply
 * (spec 1 section 5: keys user.valid.{field}.{error}). Messages that are already i18n keys
 * (client-only rules) are translated as they are; anything else (server texts) shows as sent.
 */
const SHARED_MESSAGE_KEYS: Record<string, string> = {
  [UserMessages.nameRequired]: 'user.valid.full_name.required',
  [UserMessages.nameTooLong]: 'user.valid.full_name.maxlength',
  [UserMessages.emailRequired]: 'user.valid.email.required',
  [UserMessages.emailInvalid]: 'user.valid.email.email',
  [UserMessages.emailTooLong]: 'user.valid.email.maxlength',
  [UserMessages.emailTaken]: 'user.valid.email.unique',
  [UserMessages.passwordRequired]: 'user.valid.password.required',
  [UserMessages.passwordTooShort]: 'user.valid.password.minlength',
  [UserMessages.passwordTooLong]: 'user.valid.password.maxlength',
  [UserMessages.passwordTooCommon]: 'user.valid.password.common',
  [UserMessages.passwordPersonal]: 'user.valid.password.personal',
  [ConfigMessages.siteNameRequired]: 'settings.site.valid.name.required',
  [ConfigMessages.siteNameLength]: 'settings.site.valid.name.length',
  [ConfigMessages.latitude]: 'general_settings.valid.lat',
  [ConfigMessages.longitude]: 'general_settings.valid.lon',
  [ConfigMessages.zoom]: 'general_settings.valid.zoom',
  [ConfigMessages.precision]: 'general_settings.valid.precision',
  [RoleMessages.displayNameTooShort]: 'roles_admin.valid.display_name.minlength',
  [RoleMessages.descriptionTooLong]: 'roles_admin.valid.description.maxlength',
  [RoleMessages.nameTaken]: 'roles_admin.valid.name.unique',
  [WebhookMessages.nameRequired]: 'webhook.valid.name.required',
  [WebhookMessages.nameTooShort]: 'webhook.valid.name.minlength',
  [WebhookMessages.nameTooLong]: 'webhook.valid.name.maxlength',
  [WebhookMessages.secretRequired]: 'webhook.valid.shared_secret.required',
  [WebhookMessages.secretTooShort]: 'webhook.valid.shared_secret.minlength',
  [WebhookMessages.urlRequired]: 'webhook.valid.url.required',
  [WebhookMessages.urlInvalid]: 'webhook.valid.url.url',
  [WebhookMessages.eventTypeInvalid]: 'webhook.valid.event_type.required',
  [WebhookMessages.entityTypeInvalid]: 'webhook.valid.entity_type.required',
};

export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = SHARED_MESSAGE_KEYS[message] ?? message;
  return t(key, { defaultValue: message });
}
