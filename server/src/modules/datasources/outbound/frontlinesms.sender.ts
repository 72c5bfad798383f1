import { textOption } from '../datasources.settings';
import { httpFailure, joinUrl, networkFailure, type HttpOptions, type PushSender } from './sender';

/**
 * FrontlineSMS (FrontlineCloud) webhook: `POST {server_url}/api/1/webhook`, JSON
 * `{apiKey, payload: {message, recipients: [{type: "mobile", value}]}}`; 200 means queued. The
 * server is the provider's `server_url` option, or `defaultUrl` (the cloud) when it has none.
 */
export function frontlineSmsSender(defaultUrl: string, http: HttpOptions): PushSender {
  return {
    kind: 'push',
    idempotent: false,
    send: async (message, settings) => {
      const apiKey = textOption(settings.values, 'key');
      if (!apiKey) return { outcome: 'failed', error: 'FrontlineSMS is not configured: the API key is needed' };
      const server = textOption(settings.values, 'server_url') || defaultUrl;
      let res: Response;
      try {
        res = await fetch(joinUrl(server, 'api/1/webhook'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ apiKey, payload: { message: message.message, recipients: [{ type: 'mobile', value: message.to }] } }),
          signal: AbortSignal.timeout(http.timeoutMs),
        });
      } catch (error) {
        return networkFailure(error, 'FrontlineSMS');
      }
      const text = await res.text().catch(() => '');
      if (res.ok) return { outcome: 'sent', providerMessageId: null };
      return httpFailure(res.status, text.slice(0, 200) || res.statusText, 'FrontlineSMS');
    },
  };
}
