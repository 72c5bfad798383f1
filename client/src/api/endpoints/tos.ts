import { listEnvelope, TosSchema, type Tos } from '@platform/shared';
import type { ApiClient } from '../client';

const TosList = listEnvelope(TosSchema);

export async function listMyAgreements(api: ApiClient, token?: string): Promise<Tos[]> {
  const list = await api.get('/tos', TosList, token === undefined ? {} : { token });
  return list.results;
}

export function agreeToTerms(api: ApiClient, versionDate: string, token?: string): Promise<Tos> {
  return api.post('/tos', TosSchema, { body: { tos_version_date: versionDate }, ...(token === undefined ? {} : { token }) });
}
