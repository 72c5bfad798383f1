import type { Request, Response } from 'express';
import type { InboundService } from '../inbound.service';
import { smsSender } from '../sender-address';
import { gatewayFields, parseSentTime } from './gateway-input';

/**
 * Vonage (Nexmo) inbound SMS: GET or POST `/sms/nexmo`, `/sms/nexmo/reply`, POST `/nexmo`, with
 * `msisdn, to, messageId, text` in the query, a form or JSON. Vonage signs nothing by default and
 * the incumbent checks no secret; the provider must be enabled.
 */
export function nexmoGateway(inbound: InboundService) {
  return async (req: Request, res: Response) => {
    const fields = gatewayFields(req);
    const settings = await inbound.settingsOf('nexmo');
    if (!settings?.enabled) return res.status(403).json({ success: false, error: 'The Nexmo data source is not enabled' });
    const from = smsSender(fields.msisdn ?? '');
    const text = (fields.text ?? '').trim();
    const id = (fields.messageId ?? '').trim();
    if (!from || text === '' || id === '') return res.status(400).json({ success: false, error: 'Invalid message' });
    const outcome = await inbound.receive(settings, {
      from,
      to: fields.to?.trim() || null,
      text,
      providerMessageId: id,
      sentAt: parseSentTime(fields['message-timestamp']),
      ...(fields.keyword ? { additional: { keyword: fields.keyword } } : {}),
    });
    if (outcome.outcome === 'disabled') return res.status(403).json({ success: false, error: 'The Nexmo data source is not enabled' });
    return res.json({ success: true });
  };
}
