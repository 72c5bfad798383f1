import { MediaSchema, type Media } from '@platform/shared';
import type { ApiClient } from '../client';

export function uploadMedia(api: ApiClient, file: File, caption?: string): Promise<Media> {
  const form = new FormData();
  form.append('file', file);
  if (caption) form.append('caption', caption);
  return api.post('/media', MediaSchema, { form });
}
