import { POST_TITLE_MAX } from '@platform/shared';
import type { Trx } from '../../db/database';
import { appendPostEvent } from './post-events';
import type { PostFormContext } from './post-forms.repository';
import { defaultStatus } from './post-rules.validation';
import * as repo from './posts.repository';

/** What a data source knows of an incoming message, by its provider field names (`Message`, `Date`, `Subject`). */
export type MessagePost = {
  context: PostFormContext;
  /** Provider field -> post key: `title`, `content` or a field's key (the provider's `inbound_fields` mapping). */
  mapping: Record<string, string>;
  fields: Record<string, string | Date | null>;
  /** The message text: the title and description unless the mapping puts them elsewhere. */
  text: string;
  /** The title when the mapping sets none (an e-mail's subject); else the text. */
  title?: string | null;
  source: string;
  contactId: number;
  messageId: number;
  dataSourceMessageId: string | null;
  postDate: Date;
  fallbackTitle: string;
};

/** Field types a provider field may fill (spec 3 section 5: text fits text-like fields, dates fit dates). */
const FITS: Record<string, readonly string[]> = {
  text: ['varchar', 'text', 'markdown', 'title', 'description'],
  datetime: ['datetime'],
};

const TITLE_MIN = 2;

/**
 * The post an incoming message becomes in the provider's survey (issue 23): title from the message,
 * the message as its description, mapped provider fields in the survey's fields of a fitting type;
 * status as the survey decides for a new post (under review when it requires approval). Written in
 * the caller's transaction with its `post.created` event, so a repeated message makes no second post.
 */
export async function createPostFromMessage(trx: Trx, input: MessagePost, fieldTypes: Record<string, string>): Promise<repo.PostRow> {
  const { context } = input;
  let title: string | null = null;
  let content: string | null = null;
  const values: Record<string, unknown[]> = {};
  for (const [field, key] of Object.entries(input.mapping)) {
    const raw = input.fields[field];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = raw instanceof Date ? raw.toISOString() : raw;
    if (key === 'title') title = String(value);
    else if (key === 'content') content = String(value);
    else {
      const attribute = context.attributes.find((a) => a.key === key);
      const fits = FITS[fieldTypes[field] ?? 'text'] ?? [];
      if (attribute && fits.includes(attribute.type)) values[key] = [value];
    }
  }
  const chosenTitle = (title ?? (input.title?.trim() || input.text)).replace(/\s+/g, ' ').trim().slice(0, POST_TITLE_MAX);
  const post = await repo.insert(trx, {
    form_id: context.form.id,
    user_id: null,
    contact_id: input.contactId,
    message_id: input.messageId,
    title: chosenTitle.length >= TITLE_MIN ? chosenTitle : input.fallbackTitle.slice(0, POST_TITLE_MAX),
    slug: null,
    content: content ?? input.text,
    status: defaultStatus(context.form),
    post_date: input.postDate,
    values: JSON.stringify(values),
    published_to: [],
    completed_stages: [],
    source: input.source,
    data_source_message_id: input.dataSourceMessageId,
    mapped: false,
    places: null,
  });
  await appendPostEvent(trx, { type: 'post.created', post, form: context.form, tagIds: [], actorId: null });
  return post;
}
