import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

describe('webhook signature (API-CONTRACT 14.6)', () => {
  const secret = 'a shared secret of twenty plus';
  const url = 'https://receiver.example/hook?x=1';
  const body = '{"id":1,"title":"Flooding"}';

  it('is base64 of HMAC-SHA256 keyed by the secret over url then body, as a v3 receiver computes it', () => {
    const expected = createHmac('sha256', secret)
      .update(url + body)
      .digest('base64');
    expect(signWebhook(secret, url, body)).toBe(expected);
    expect(signWebhook(secret, url, Buffer.from(body))).toBe(expected);
  });

  it('verifies only the exact signature for that url, body and secret', () => {
    const signature = signWebhook(secret, url, body);
    expect(verifyWebhookSignature(secret, url, body, signature)).toBe(true);
    expect(verifyWebhookSignature(secret, url, `${body} `, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, `${url}&y=2`, body, signature)).toBe(false);
    expect(verifyWebhookSignature(`${secret}!`, url, body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, url, body, undefined)).toBe(false);
    expect(verifyWebhookSignature(secret, url, body, '')).toBe(false);
    expect(verifyWebhookSignature(secret, url, body, 'not base64 at all')).toBe(false);
    expect(verifyWebhookSignature('', url, body, signWebhook('', url, body))).toBe(false);
  });
});
