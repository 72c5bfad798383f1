import { describe, expect, it } from 'vitest';
import { smsSender } from './sender-address';

describe('smsSender', () => {
  it('normalises phone numbers to E.164, with or without the plus', () => {
    expect(smsSender('+254 712 345 678')).toEqual({ type: 'phone', contact: '+254712345678' });
    expect(smsSender('447911123456')).toEqual({ type: 'phone', contact: '+447911123456' });
    expect(smsSender('+1 (415) 555-2671')).toEqual({ type: 'phone', contact: '+14155552671' });
  });

  it('keeps alphanumeric senders and numbers it cannot place as sent', () => {
    expect(smsSender('MPESA')).toEqual({ type: 'phone', contact: 'MPESA' });
    expect(smsSender('0712345678')).toEqual({ type: 'phone', contact: '0712345678' });
  });

  it('makes whatsapp: senders WhatsApp contacts', () => {
    expect(smsSender('whatsapp:+14155552671')).toEqual({ type: 'whatsapp', contact: '+14155552671' });
  });

  it('refuses an empty sender', () => {
    expect(smsSender('  ')).toBeNull();
    expect(smsSender('whatsapp:')).toBeNull();
  });
});
