import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { englishFailure, ENGLISH_FAILURES } from './errors';

describe("the client's own failure messages in English", () => {
  it("are the English file's api_failure strings", () => {
    expect(ENGLISH_FAILURES).toEqual(en.api_failure);
  });

  it('put the status into the message for an answer without an error body', () => {
    expect(englishFailure({ kind: 'status', status: 502 })).toBe(
      'The server could not complete the request (error 502). Try again in a moment.',
    );
  });
});
