import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

export interface NotificationItem {
  id: string;
  kind: 'mention' | 'alert' | string;
  text: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}
export interface Notifications {
  unread: number;
  items: NotificationItem[];
}

type Maybe<T> = Promise<T | BadRequest>;

export const loadNotifications = (target?: ApiTarget): Maybe<Notifications> => request('GET', '/api/notifications', { target, script: true });
export const markNotificationRead = (id: string, target?: ApiTarget): Maybe<Notifications> => request('POST', `/api/notifications/read/${encodeURIComponent(id)}`, { target });
export const markAllNotificationsRead = (target?: ApiTarget): Maybe<Notifications> => request('POST', '/api/notifications/readall', { target });
