import { z } from 'zod';

/** Wire messages of targeted surveys (API-CONTRACT 7.6, spec 3 section 8). */
export const TargetedMessages = {
  contactsRequired: 'contacts must be a comma separated list of phone numbers',
  countryRequired: 'country_code must be a two-letter country code',
  notTargeted: 'The form is not a targeted survey',
  alreadyHasContacts: 'The form already has a set of contacts',
  noQuestions: 'The targeted survey has no questions to send',
  noNumbers: 'At least one phone number is required',
  errorContacts: 'Some of the numbers you provided failed, please check your numbers and try again',
  inAnotherSurvey: 'This number is already answering another targeted survey',
} as const;

/** `POST /forms/{id}/contacts`: the numbers, comma separated, read in the country's numbering plan. */
export const CreateFormContactsBody = z.object({
  contacts: z.string({ error: TargetedMessages.contactsRequired }),
  country_code: z
    .string({ error: TargetedMessages.countryRequired })
    .regex(/^[A-Za-z]{2}$/, { error: TargetedMessages.countryRequired })
    .transform((code) => code.toUpperCase()),
});
export type CreateFormContactsBody = z.infer<typeof CreateFormContactsBody>;

/** The answer of `POST /forms/{id}/contacts`: numbers taken, and those refused (already in another survey). */
export const FormContactsResultSchema = z.object({
  form_id: z.number().int(),
  count: z.number().int(),
  invalidated_contacts: z.array(z.object({ contact: z.string(), message: z.string() })),
});
export type FormContactsResult = z.infer<typeof FormContactsResultSchema>;

/** The title `error_contacts` marks each number refused; its `source.pointer` is the number as sent. */
export const ERROR_CONTACTS = 'error_contacts';
