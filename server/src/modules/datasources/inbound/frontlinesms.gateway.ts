import type { Request, Response } from 'express';
import { textOption } from '../datasources.settings';
import type { InboundService } from '../inbound.service';
import { smsSender } from '../sender-address';
import { gatewayFields, sameSecret } from './gateway-input';

const answer = (res: Response, status: number, error: string | null) =>
  res.status(status).json({ payload: { success: error === null, error } });

/** FrontlineSMS: POST `/sms/frontlinesms` and `/frontlinesms` with `secret, from, message`. */
export function frontlineSmsGateway(inbound: InboundService) {
  return async (req: Request, res: Response) => {
    const fields = gatewayFields(req);
    const settings = await inbound.settingsOf('frontlinesms');
    if (!settings) return answer(res, 404, 'Unknown data source');
    if (!sameSecret(fields.secret, textOption(settings.values, 'secret'))) return answer(res, 403, 'Incorrect or missing secret key');
    if (!settings.enabled) return answer(res, 403, 'The FrontlineSMS data source is not enabled');
    const from = smsSender(fields.from ?? '');
    const text = (fields.message ?? '').trim();
    if (!from || text === '') return answer(res, 400, 'Missing from or message');
    const outcome = await inbound.receive(settings, { from, to: null, text, providerMessageId: null, sentAt: null });
    if (outcome.outcome === 'disabled') return answer(res, 403, 'The FrontlineSMS data source is not enabled');
    return answer(res, 200, null);
  };
}
