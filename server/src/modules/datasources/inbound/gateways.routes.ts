import express, { Router } from 'express';
import type { MessagesService } from '../../messages/messages.service';
import type { InboundService } from '../inbound.service';
import { frontlineSmsGateway } from './frontlinesms.gateway';
import { nexmoGateway } from './nexmo.gateway';
import { smsSyncGateway } from './smssync.gateway';
import { twilioGateway } from './twilio.gateway';

/**
 * The SMS gateways' callbacks, on the backend root as the incumbent has them (issue 23's table).
 * Gateways post forms (and Vonage JSON); the trailing slash was already dropped app-wide.
 */
export function gatewayRoutes(inbound: InboundService, messages: MessagesService): Router {
  const router = Router();
  const bodies = [express.urlencoded({ extended: false, limit: '64kb' }), express.json({ limit: '64kb' })];
  const smssync = smsSyncGateway(inbound, messages);
  const frontline = frontlineSmsGateway(inbound);
  const twilio = twilioGateway(inbound);
  const nexmo = nexmoGateway(inbound);
  router.route(['/sms/smssync', '/smssync']).get(bodies, smssync).post(bodies, smssync);
  router.post(['/sms/frontlinesms', '/frontlinesms'], bodies, frontline);
  router.post(['/sms/twilio', '/sms/twilio/reply'], bodies, twilio);
  router.route(['/sms/nexmo', '/sms/nexmo/reply']).get(bodies, nexmo).post(bodies, nexmo);
  router.post('/nexmo', bodies, nexmo);
  return router;
}
