import type { VerifierResult } from './verifier.service';

/** `{success: "..."}` when every check passed, else `{errors: [{message, explainer}]}` (API-CONTRACT 14.11). */
export const presentVerification = (result: VerifierResult) =>
  result.problems.length === 0 ? { success: result.summary } : { errors: result.problems };
