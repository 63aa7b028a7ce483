import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

export interface GroupSummary {
  id: string;
  name: string;
  description: string;
  memberCount: number;
}
export interface Member {
  id: string;
  userName: string;
  fullName: string;
}
export interface Group {
  id: string;
  name: string;
  description: string;
  members: Member[];
}
type Maybe<T> = Promise<T | BadRequest>;
export interface GroupInput {
  name: string;
  description: string;
  memberIds: string[];
}

export const listGroups = (target?: ApiTarget): Maybe<{ results: GroupSummary[] }> => request('GET', '/api/groups', { target });
export const getGroup = (id: string, target?: ApiTarget): Maybe<Group> => request('GET', `/api/groups/${encodeURIComponent(id)}`, { target });
export const createGroup = (g: GroupInput, target?: ApiTarget): Maybe<{ id: string }> => request('POST', '/api/groups', { json: g, target });
export const updateGroup = (id: string, g: GroupInput, target?: ApiTarget): Maybe<{ id: string }> => request('POST', `/api/groups/${encodeURIComponent(id)}`, { json: g, target });
export const deleteGroup = (id: string, target?: ApiTarget): Maybe<{ isSuccess: boolean }> => request('DELETE', `/api/groups/${encodeURIComponent(id)}`, { target });
export const userDirectory = (target?: ApiTarget): Maybe<Member[]> => request('GET', '/api/identity/users/displayinfo', { target });
