import type { AppContext } from '../../../context';
import { emailThreadOf } from './email-thread';
import { emailSender } from './email.sender';
import { frontlineSmsSender } from './frontlinesms.sender';
import { nexmoSender } from './nexmo.sender';
import type { Sender } from './sender';
import { twilioSender } from './twilio.sender';

/** How each provider that sends delivers; a provider absent here only receives. */
export function createSenders(ctx: AppContext): Readonly<Record<string, Sender>> {
  const config = ctx.config.dataSources;
  const http = { timeoutMs: config.httpTimeoutMs };
  const siteName = async () => {
    const name = (await ctx.settings.get('site')).name;
    return typeof name === 'string' && name.trim() !== '' ? `Message from ${name.trim()}` : 'Message';
  };
  const email = emailSender(ctx.mailer, siteName, (id) => emailThreadOf(ctx.db, id));
  return {
    twilio: twilioSender(config.twilioApiUrl, http),
    nexmo: nexmoSender(config.vonageApiUrl, http),
    frontlinesms: frontlineSmsSender(config.frontlineSmsApiUrl, http),
    smssync: { kind: 'poll' },
    outgoingemail: email,
    email,
  };
}
