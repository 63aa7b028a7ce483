import { request } from './client';
import type { BadRequest } from './errors';

export interface Registration {
  registrationId: string;
  scopeLabel: string;
  createdAt: string;
}

type Maybe<T> = Promise<T | BadRequest>;

export const scopeLabels = (): Maybe<{ scopeLabels: string[] }> => request('GET', '/api/identity/application/scopeLabels');
export const listRegistrations = (): Maybe<{ results: Registration[] }> => request('GET', '/api/identity/application/list');
export const registerDevice = (code: string, scopeLabel: string): Maybe<Registration> =>
  request('POST', '/api/identity/application/register', { json: { code, scopeLabel } });
export const rescope = (id: string, scopeLabel: string): Maybe<Registration> =>
  request('POST', `/api/identity/application/${encodeURIComponent(id)}/update?${new URLSearchParams({ scopeLabel })}`);
export const removeRegistration = (id: string): Maybe<{ isSuccess: boolean }> => request('DELETE', `/api/identity/application/${encodeURIComponent(id)}`);
