import type { Attribute } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMediaCached, getPost, listTagsCached } from '../../api/endpoints/posts';
import { useServices } from '../../providers/services-context';
import { Markdown } from './Markdown';
import { asId, formatValue, safeHref, valueKind, type FieldEntry } from './post-value-format';
import { useLoaded } from './useLoaded';

function MediaValue({ id }: { id: number }) {
  const { api } = useServices();
  const media = useLoaded(['media', id], () => getMediaCached(api, id));
  if (!media) return null;
  return (
    <figure className="post-media">
      {/* Its size is known before it loads, so the page does not jump and a lazy image has its place. */}
      <img
        src={media.original_file_url}
        alt={media.caption ?? ''}
        width={media.original_width ?? undefined}
        height={media.original_height ?? undefined}
        loading="lazy"
      />
      {media.caption ? <figcaption>{media.caption}</figcaption> : null}
    </figure>
  );
}

function RelatedPost({ id }: { id: number }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const post = useLoaded(['post', id], () => getPost(api, id));
  return <Link to={`/posts/${id}`}>{post?.title || t('post.related', { id })}</Link>;
}

function CategoryNames({ ids }: { ids: number[] }) {
  const { api } = useServices();
  const tags = useLoaded(['tags'], () => listTagsCached(api));
  const names = ids.map((id) => tags?.find((tag) => tag.id === id)?.tag).filter((n): n is string => Boolean(n));
  return (
    <ul className="post-value-list">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

function OneValue({ attribute, value }: { attribute: Attribute; value: unknown }) {
  const { i18n } = useTranslation();
  const kind = valueKind(attribute);
  const id = asId(value);
  if (kind === 'media') return id ? <MediaValue id={id} /> : null;
  if (kind === 'relation') return id ? <RelatedPost id={id} /> : null;
  if (kind === 'markdown') return <Markdown text={String(value)} />;
  if (kind === 'video' || kind === 'link') {
    const href = safeHref(value);
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {href}
      </a>
    ) : (
      <span>{String(value)}</span>
    );
  }
  return <span dir="auto">{formatValue(attribute, value, i18n.language)}</span>;
}

/** A task's field values, each shown as its type asks (spec 2 screen 5). */
export function PostValues({ entries }: { entries: FieldEntry[] }) {
  // Locations are shown once, as the post's map with their coordinates (PostLocations), not here too.
  const shown = entries.filter(({ attribute }) => valueKind(attribute) !== 'point');
  if (shown.length === 0) return null;
  return (
    <dl className="post-values">
      {shown.map(({ attribute, values }) => (
        <div key={attribute.id} className="post-value">
          <dt>{attribute.label}</dt>
          <dd>
            {valueKind(attribute) === 'tags' ? (
              <CategoryNames ids={values.map(asId).filter((v): v is number => v !== null)} />
            ) : values.length === 1 ? (
              <OneValue attribute={attribute} value={values[0]} />
            ) : (
              <ul className="post-value-list">
                {values.map((value, i) => (
                  <li key={i}>
                    <OneValue attribute={attribute} value={value} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
