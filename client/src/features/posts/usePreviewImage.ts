import type { Post } from '@platform/shared';
import { getMediaCached, getPostSurvey } from '../../api/endpoints/posts';
import { useServices } from '../../providers/services-context';
import { previewMediaId } from './post-value-format';
import { useLoaded } from './useLoaded';

/** The picture of the survey's first media field that holds one (spec 2 screen 2). */
export function usePreviewImage(post: Post) {
  const { api } = useServices();
  const survey = useLoaded(post.form ? ['survey', post.form.id] : null, () => getPostSurvey(api, post.form?.id ?? 0));
  const mediaId = survey ? previewMediaId(post, survey.attributes) : null;
  return useLoaded(mediaId ? ['media', mediaId] : null, () => getMediaCached(api, mediaId ?? 0));
}
