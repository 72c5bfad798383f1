import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { MessagesService } from '../../messages/messages.service';
import { textOption } from '../datasources.settings';
import type { InboundService } from '../inbound.service';
import { smsSender } from '../sender-address';
import { gatewayFields, parseSentTime, sameSecret } from './gateway-input';

/** Messages handed to the phone per poll (the incumbent's batch). */
const POLL_BATCH = 20;

const answer = (res: Response, status: number, error: string | null) =>
  res.status(status).json({ payload: { success: error === null, error } });

/** A stable uuid-shaped id for a message, which SMSSync reports delivery against. */
const uuidOf = (id: number) => {
  const hex = createHash('sha256').update(`smssync-message:${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * SMSSync (an Android phone forwarding its SMS): POST or GET `/sms/smssync` and `/smssync` with
 * `secret, from, message, sent_to, sent_timestamp (ms), message_id`; GET `?task=send&secret=` asks
 * for up to 20 messages to send, which are then marked sent.
 */
export function smsSyncGateway(inbound: InboundService, messages: MessagesService) {
  return async (req: Request, res: Response) => {
    const fields = gatewayFields(req);
    const settings = await inbound.settingsOf('smssync');
    if (!settings) return answer(res, 404, 'Unknown data source');
    const secret = textOption(settings.values, 'secret');
    if (!sameSecret(fields.secret, secret)) return answer(res, 403, 'Incorrect or missing secret key');
    if (!settings.enabled) return answer(res, 403, 'The SMSSync data source is not enabled');

    if (fields.task === 'send') {
      const taken = await messages.takeForPoll('smssync', POLL_BATCH);
      return res.json({
        payload: {
          task: 'send',
          success: true,
          secret,
          messages: taken.map((m) => ({ to: m.contact ?? '', message: m.message, message_id: String(m.id), uuid: uuidOf(m.id) })),
        },
      });
    }

    const from = smsSender(fields.from ?? '');
    const text = (fields.message ?? '').trim();
    if (!from || text === '') return answer(res, 400, 'Missing from or message');
    const outcome = await inbound.receive(settings, {
      from,
      to: fields.sent_to?.trim() || null,
      text,
      providerMessageId: fields.message_id?.trim() || null,
      sentAt: parseSentTime(fields.sent_timestamp),
    });
    if (outcome.outcome === 'disabled') return answer(res, 403, 'The SMSSync data source is not enabled');
    return answer(res, 200, null);
  };
}
