import { createHmac } from 'node:crypto';
import type { Request, Response } from 'express';
import { textOption } from '../datasources.settings';
import type { InboundService } from '../inbound.service';
import { smsSender } from '../sender-address';
import { gatewayFields, sameSecret } from './gateway-input';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the URL Twilio called followed by
 * every POST parameter, sorted by name, as name then value; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const refuse = (res: Response, status: number, text: string) => res.status(status).type('text/plain').send(text);

/**
 * Twilio: POST `/sms/twilio` and `/sms/twilio/reply` with `AccountSid, From, To, Body, MessageSid`.
 * The account SID must be the configured one (the incumbent's check) and, when an auth token is
 * set, `X-Twilio-Signature` must match. Answers an empty 200, or TwiML with the auto response.
 */
export function twilioGateway(inbound: InboundService) {
  return async (req: Request, res: Response) => {
    const settings = await inbound.settingsOf('twilio');
    if (!settings) return refuse(res, 404, 'Unknown data source');
    const params = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const posted = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const fields = { ...gatewayFields(req), ...posted };
    if (!sameSecret(fields.AccountSid, textOption(settings.values, 'account_sid')))
      return refuse(res, 403, 'Incorrect or missing AccountSid');
    const token = textOption(settings.values, 'auth_token');
    if (token) {
      const given = req.get('X-Twilio-Signature') ?? '';
      const expected = twilioSignature(token, `${req.base}${req.originalUrl}`, posted);
      if (!sameSecret(given, expected)) return refuse(res, 403, 'Invalid X-Twilio-Signature');
    }
    if (!settings.enabled) return refuse(res, 403, 'The Twilio data source is not enabled');
    const from = smsSender(fields.From ?? '');
    const text = (fields.Body ?? '').trim();
    if (!from || text === '') return refuse(res, 400, 'Missing From or Body');
    const outcome = await inbound.receive(settings, {
      from,
      to: fields.To?.replace(/^whatsapp:/i, '').trim() || null,
      text,
      providerMessageId: fields.MessageSid?.trim() || fields.SmsSid?.trim() || null,
      sentAt: null,
    });
    if (outcome.outcome === 'disabled') return refuse(res, 403, 'The Twilio data source is not enabled');
    const reply = textOption(settings.values, 'sms_auto_response');
    if (!reply) return res.status(200).end();
    return res
      .status(200)
      .type('text/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${xml(reply)}</Message></Response>`);
  };
}
