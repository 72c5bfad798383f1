import { z } from 'zod';

export const MediaMessages = {
  fileRequired: 'The file field is required',
  tooLarge: 'The file size should be less than 1 MB',
  wrongType: 'The file must be an image of type gif, jpg, jpeg or png',
  captionTooLong: 'Caption is too long',
} as const;

export const UpdateMediaBody = z.object({
  caption: z.string().max(255, MediaMessages.captionTooLong).nullable().optional(),
});

export const MediaSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  caption: z.string().nullable(),
  created: z.string(),
  updated: z.string().nullable(),
  mime: z.string(),
  original_file_url: z.string(),
  original_file_size: z.number().int(),
  original_width: z.number().int().nullable(),
  original_height: z.number().int().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Media = z.infer<typeof MediaSchema>;
