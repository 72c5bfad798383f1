import { z } from 'zod';
import { dbIdField, RefSchema } from './common';
import { listQuery, queryIds, queryList, queryWord, queryWords } from './list-query';

export const MESSAGE_TYPES = ['sms', 'ivr', 'email', 'twitter'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];
/** v3 message statuses (Core/Entity/Message.php). */
export const MESSAGE_STATUSES = [
  'pending',
  'pending_poll',
  'received',
  'expired',
  'cancelled',
  'failed',
  'unknown',
  'sent',
  'archived',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** Boxes of `GET /messages?box=` (API-CONTRACT 13.3). */
export const MESSAGE_BOXES = ['inbox', 'outbox', 'archived'] as const;

/** Reply length (spec 2 sections 5 and 9) and the thread page size (spec 2 section 2). */
export const MESSAGE_MIN = 2;
export const MESSAGE_MAX = 140;
export const MESSAGE_THREAD_PAGE_SIZE = 5;
export const MESSAGE_THREAD_PAGE_LINKS = 5;

export const MessageMessages = {
  messageRequired: 'The message is required',
  messageInvalid: 'The message must be text',
  messageTooShort: `The message must be at least ${MESSAGE_MIN} characters long`,
  messageTooLong: `The message must not exceed ${MESSAGE_MAX} characters long`,
  directionInvalid: 'Only outgoing messages can be created',
  contactRequired: 'contact_id is required',
  contactInvalid: 'contact_id must be the id of a contact',
  contactMissing: (id: number) => `Contact ${id} does not exist`,
  parentInvalid: 'parent_id must be the id of a message',
  parentMissing: (id: number) => `Message ${id} does not exist`,
  typeInvalid: `type must be one of ${MESSAGE_TYPES.join(', ')}`,
  titleInvalid: 'title must be text of at most 255 characters',
  userInvalid: 'user_id must be the id of a user',
  userMissing: (id: number) => `User ${id} does not exist`,
  statusInvalid: `status must be one of ${MESSAGE_STATUSES.join(', ')}`,
  incomingReadOnly: 'Incoming messages cannot be updated',
} as const;
const M = MessageMessages;

const missing = (iss: { input: unknown }) => iss.input === undefined || iss.input === null;

/** The reply text: required, 2..140 characters (spec 2 section 5). */
export const MessageTextField = z
  .string({ error: (iss) => (missing(iss) ? M.messageRequired : M.messageInvalid) })
  .trim()
  .min(1, M.messageRequired)
  .min(MESSAGE_MIN, M.messageTooShort)
  .max(MESSAGE_MAX, M.messageTooLong);

/** `POST /messages` (API-CONTRACT 13.3): outgoing only; `contact_id` may come from `parent_id`. */
export const CreateMessageBody = z
  .object({
    message: MessageTextField,
    direction: z.literal('outgoing', { error: M.directionInvalid }).default('outgoing'),
    contact_id: dbIdField(M.contactInvalid).optional(),
    parent_id: z.union([dbIdField(M.parentInvalid), z.null()], { error: M.parentInvalid }).optional(),
    type: z.enum(MESSAGE_TYPES, { error: M.typeInvalid }).optional(),
    title: z.string({ error: M.titleInvalid }).trim().max(255, M.titleInvalid).nullable().optional(),
    user_id: dbIdField(M.userInvalid).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.contact_id === undefined && (body.parent_id === undefined || body.parent_id === null))
      ctx.addIssue({ code: 'custom', path: ['contact_id'], message: M.contactRequired });
  });
export type CreateMessageBody = z.infer<typeof CreateMessageBody>;

/** `PUT /messages/{id}`: an outgoing message only changes status. */
export const UpdateMessageBody = z.object({
  status: z.enum(MESSAGE_STATUSES, { error: M.statusInvalid }),
});
export type UpdateMessageBody = z.infer<typeof UpdateMessageBody>;

/** Message JSON (API-CONTRACT 13.3). */
export const MessageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  parent: RefSchema.nullable(),
  contact_id: z.number().int().nullable(),
  post_id: z.number().int().nullable(),
  user: RefSchema.nullable(),
  title: z.string().nullable(),
  message: z.string(),
  datetime: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  created: z.string(),
  updated: z.string().nullable(),
  data_source: z.string().nullable(),
  data_source_message_id: z.string().nullable(),
  additional_data: z.record(z.string(), z.unknown()).nullable(),
  contact: z.string().nullable(),
  contact_type: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type Message = z.infer<typeof MessageSchema>;

/** The pushed payload of `message.created` (aggregate `message`, aggregate id = the message id). */
export const MessageEventPayloadSchema = z.object({
  id: z.number().int(),
  contact_id: z.number().int().nullable(),
  post_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  status: z.string(),
});
export type MessageEventPayload = z.infer<typeof MessageEventPayloadSchema>;

export const MESSAGE_SORTABLE = ['id', 'created', 'updated', 'datetime', 'status', 'type'] as const;

const lowerCaseList = (value: unknown) => queryList(value).map((word) => word.toLowerCase());

/**
 * `GET /messages` (API-CONTRACT 13.3): `box` (`inbox`, `outbox`, `archived`), `status` (a list
 * or `all`; absent means every status but archived), `contact`, `parent`, `post`, `type`,
 * `data_source` and `q`. The thread view asks `contact=<id>&limit=5&order=asc&orderby=created`.
 */
export const MessageListQuery = listQuery(
  { sortable: MESSAGE_SORTABLE, orderby: 'created', order: 'desc' },
  {
    box: z.preprocess(lowerCaseList, z.array(z.string())),
    status: z.preprocess(
      lowerCaseList,
      z.array(z.enum(['all', ...MESSAGE_STATUSES], { error: `status must be one of all, ${MESSAGE_STATUSES.join(', ')}` })),
    ),
    contact: queryIds('contact'),
    parent: queryIds('parent'),
    post: queryIds('post'),
    type: queryWords,
    data_source: queryWords,
    q: queryWord,
  },
);
export type MessageListQuery = z.infer<typeof MessageListQuery>;
