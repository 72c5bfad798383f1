import { MESSAGE_THREAD_PAGE_SIZE, MessageEventPayloadSchema, type Post } from '@platform/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getThreadPage, type Thread } from '../../api/endpoints/messages';
import { useServices } from '../../app/services-context';
import { useServerEvents } from '../../realtime/useServerEvents';
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
  const [thread, setThread] = useState<{ key: string; data: Thread } | { key: string; failed: string } | null>(null);
  const [version, setVersion] = useState(0);
  const [replying, setReplying] = useState(false);
  const key = `${contactId}:${page}:${version}`;

  useEffect(() => {
    let live = true;
    getThreadPage(api, contactId, page).then(
      (data) => live && setThread({ key, data }),
      (error: unknown) => live && setThread({ key, failed: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, contactId, page, key]);

  useServerEvents('message.created', (event) => {
    const payload = MessageEventPayloadSchema.safeParse(event.payload);
    if (payload.success && payload.data.contact_id === contactId) setVersion((v) => v + 1);
  });

  const data = thread && 'data' in thread ? thread.data : null;
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
      {thread === null ? <p role="status">{t('app.loading')}</p> : null}
      {thread && 'failed' in thread ? <p role="alert">{thread.failed}</p> : null}
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
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </section>
  );
}
