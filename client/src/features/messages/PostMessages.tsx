import { MESSAGE_THREAD_PAGE_SIZE, type Post } from '@platform/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getThreadPage } from '../../api/endpoints/messages';
import { useServices } from '../../providers/services-context';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { Pager } from '../../ui/Pager';
import { SendMessageDialog } from './SendMessageDialog';
import './messages.css';

const PAGE_PARAM = 'thread_page';

/**
 * Spec 2 screens 5 and 6: the thread with the contact a post came from (not for Twitter posts),
 * five messages a page with up to five page links, and the Send message modal. New messages are
 * pushed (`message.created`), so an open thread updates by itself.
 */
export function PostMessages({ post }: { post: Pick<Post, 'id' | 'contact' | 'source'> }) {
  const contactId = post.contact?.id ?? null;
  if (contactId === null || post.source === 'twitter') return null;
  return <Thread contactId={contactId} />;
}

function Thread({ contactId }: { contactId: number }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [params] = useSearchParams();
  const requested = Number(params.get(PAGE_PARAM) ?? '1');
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const [replying, setReplying] = useState(false);
  // A new message of this contact marks the thread stale (`live-keys.ts`); a page shown stays until the next one arrives.
  const thread = useLiveQuery(['messages', contactId, page], () => getThreadPage(api, contactId, page), {
    placeholderData: keepPreviousData,
  });

  const data = thread.data ?? null;
  const pageCount = data ? Math.max(1, Math.ceil(data.total_count / MESSAGE_THREAD_PAGE_SIZE)) : 1;
  const last = data?.results.at(-1) ?? null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    next.set(PAGE_PARAM, String(n));
    return `?${next.toString()}`;
  };

  return (
    <section className="message-thread" aria-labelledby="message-thread-title">
      <div className="message-thread-head">
        <h3 id="message-thread-title" className="post-section-title">
          {t('messages.thread_title')}
        </h3>
        <button type="button" className="button button-small" onClick={() => setReplying(true)}>
          {t('messages.send_title')}
        </button>
      </div>
      {thread.isPending ? <p role="status">{t('app.loading')}</p> : null}
      {thread.isError ? <p role="alert">{thread.error.message}</p> : null}
      {data && data.results.length === 0 ? <p className="empty-state">{t('messages.empty')}</p> : null}
      {data && data.results.length > 0 ? (
        <ol className="message-list">
          {data.results.map((m) => (
            <li key={m.id} className={`message message-${m.direction}`}>
              <p className="message-text" dir="auto">
                {m.message}
              </p>
              <p className="message-meta">
                {t(`messages.direction.${m.direction}`)} · <time dateTime={m.created}>{when.format(new Date(m.created))}</time>
                {m.direction === 'outgoing' ? ` · ${t(`messages.status.${m.status}`, { defaultValue: m.status })}` : null}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} label={t('messages.pages')} />
      {replying ? (
        <SendMessageDialog
          contactId={contactId}
          contact={last?.contact ?? null}
          parentId={last?.direction === 'incoming' ? last.id : null}
          onClose={() => setReplying(false)}
          onSent={() => {
            setReplying(false);
            void thread.refetch();
          }}
        />
      ) : null}
    </section>
  );
}
