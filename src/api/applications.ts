import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

export interface Registration {
  registrationId: string;
  scopeLabel: string;
  createdAt: string;
}

type Maybe<T> = Promise<T | BadRequest>;

export const scopeLabels = (target?: ApiTarget): Maybe<{ scopeLabels: string[] }> => request('GET', '/api/identity/application/scopeLabels', { target });
export const listRegistrations = (target?: ApiTarget): Maybe<{ results: Registration[] }> => request('GET', '/api/identity/application/list', { target });
export const registerDevice = (code: string, scopeLabel: string, target?: ApiTarget): Maybe<Registration> =>
  request('POST', '/api/identity/application/register', { json: { code, scopeLabel }, target });
export const rescope = (id: string, scopeLabel: string, target?: ApiTarget): Maybe<Registration> =>
  request('POST', `/api/identity/application/${encodeURIComponent(id)}/update?${new URLSearchParams({ scopeLabel })}`, { target });
export const removeRegistration = (id: string, target?: ApiTarget): Maybe<{ isSuccess: boolean }> => request('DELETE', `/api/identity/application/${encodeURIComponent(id)}`, { target });
