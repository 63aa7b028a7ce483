import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

export interface CatalogueItem {
  kind: 'Dashboard' | 'DataViewer';
  id: string;
  name: string;
  description: string;
  url: string;
  moduleId: string;
  updatedAt: string | null;
}
export interface LogEntry {
  action: string;
  detail: string | null;
  userName: string | null;
  at: string;
}
export interface Outbox {
  total: number;
  waiting: number;
  items: Array<{ recipient: string; subject: string; queuedAt: string; sentAt: string | null; attempts: number; lastError: string | null }>;
}
export interface TrialRequest {
  at: string;
  email: string | null;
  name: string;
  company: string | null;
}

type Maybe<T> = Promise<T | BadRequest>;

export const refreshFiles = (target?: ApiTarget): Maybe<{ message: string }> => request('GET', '/api/settings/refresh', { target });
export const clearCache = (target?: ApiTarget): Maybe<{ message: string }> => request('GET', '/api/settings/clearcache', { target });
export const runAlerts = (target?: ApiTarget): Maybe<{ checked: number; fired: number }> => request('POST', '/api/operations/runalerts', { target });
export const operationsLog = (target?: ApiTarget): Maybe<LogEntry[]> => request('GET', '/api/operations/log', { target });
export const mailOutbox = (target?: ApiTarget): Maybe<Outbox> => request('GET', '/api/operations/outbox', { target });
export const trialRequests = (target?: ApiTarget): Maybe<TrialRequest[]> => request('GET', '/api/operations/trials', { target });
/** Every dashboard and data viewer the user can open (the operations menu of paths). */
export const operationPaths = (target?: ApiTarget): Maybe<CatalogueItem[]> => request('GET', '/api/operations/paths', { target });
/** The same list as the data visualisation home has it. */
export const datavizHome = (target?: ApiTarget): Maybe<CatalogueItem[]> => request('GET', '/api/dataviz/home', { target });
