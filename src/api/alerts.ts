import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { AlertDefinition } from '../lib/alerts';

export interface AlertView extends AlertDefinition {
  id: string;
  active: boolean;
  createdAt: string;
  lastCheckedAt: string | null;
  lastValue: number | null;
  firing: boolean;
  lastFiredAt: string | null;
}

type Maybe<T> = Promise<T | BadRequest>;

export const listAlerts = (target?: ApiTarget): Maybe<AlertView[]> => request('GET', '/api/alerts', { target });
export const createAlert = (a: AlertDefinition, target?: ApiTarget): Maybe<AlertView[]> => request('POST', '/api/alerts', { target, json: a });
export const updateAlert = (id: string, a: AlertDefinition & { active: boolean }, target?: ApiTarget): Maybe<AlertView[]> =>
  request('PUT', `/api/alerts/${encodeURIComponent(id)}`, { target, json: a });
export const deleteAlert = (id: string, target?: ApiTarget): Maybe<AlertView[]> => request('DELETE', `/api/alerts/${encodeURIComponent(id)}`, { target });
