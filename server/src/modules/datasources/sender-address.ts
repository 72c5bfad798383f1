import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Who wrote in, as a contact row stores it (API-CONTRACT 13.2 types). */
export type SenderAddress = { type: 'phone' | 'whatsapp' | 'email' | 'twitter'; contact: string };

const WHATSAPP = /^whatsapp:/i;

/**
 * A gateway's sender as a contact: a phone number in E.164 when libphonenumber-js recognises it
 * (with or without the leading +, as Vonage sends `msisdn`), an alphanumeric sender id ("MPESA")
 * or a local number without a country kept as sent, and `whatsapp:+…` (Twilio) a WhatsApp contact.
 * Null for an empty sender.
 */
export function smsSender(raw: string): SenderAddress | null {
  const trimmed = raw.trim();
  const whatsapp = WHATSAPP.test(trimmed);
  const address = trimmed.replace(WHATSAPP, '').trim();
  if (address === '') return null;
  const type = whatsapp ? 'whatsapp' : 'phone';
  const compact = address.replace(/[\s().-]/g, '');
  if (/^\+?\d{6,17}$/.test(compact)) {
    const parsed = parsePhoneNumberFromString(compact.startsWith('+') ? compact : `+${compact}`);
    if (parsed?.isValid()) return { type, contact: parsed.number };
    return { type, contact: compact };
  }
  return { type, contact: address.slice(0, 255) };
}
