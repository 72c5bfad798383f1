import { UserMessages } from '@platform/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** What an attacker knows of an account and tries first: its e-mail, names and the site's name. */
export type PasswordContext = {
  email?: string | null;
  username?: string | null;
  realname?: string | null;
  siteName?: string | null;
};

/**
 * zxcvbn's score 2 means at least a million guesses even for an attacker who starts with the most
 * common passwords (language-common's list), keyboard patterns, sequences, dates and this
 * account's own words. Below it a password falls to an online attack that keeps under the login
 * throttle; length rules stay those of the contract (API-CONTRACT 5).
 */
const MIN_SCORE = 2;

// Building the ranked dictionaries takes a moment: once, on the first password set.
let zxcvbn: ZxcvbnFactory | undefined;
const checker = () => (zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** Each value whole, without its separators, and its words of three letters or more. */
function personalWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const text = value?.trim().toLowerCase();
    if (!text) return;
    words.add(text);
    words.add(text.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  };
  add(context.email);
  add(context.email?.split('@')[0]);
  add(context.username);
  add(context.realname);
  add(context.siteName);
  words.delete('');
  return [...words];
}

/** Why a new password is refused (the 422 message for `/password`), or null when it may be used. */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  const result = checker().check(password, personalWords(context));
  if (result.score >= MIN_SCORE) return null;
  const personal = result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs');
  return personal ? UserMessages.passwordPersonal : UserMessages.passwordTooCommon;
}
