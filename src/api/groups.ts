import { request } from './client';
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

export const listGroups = (): Maybe<{ results: GroupSummary[] }> => request('GET', '/api/groups');
export const getGroup = (id: string): Maybe<Group> => request('GET', `/api/groups/${encodeURIComponent(id)}`);
export const createGroup = (g: GroupInput): Maybe<{ id: string }> => request('POST', '/api/groups', { json: g });
export const updateGroup = (id: string, g: GroupInput): Maybe<{ id: string }> => request('POST', `/api/groups/${encodeURIComponent(id)}`, { json: g });
export const deleteGroup = (id: string): Maybe<{ isSuccess: boolean }> => request('DELETE', `/api/groups/${encodeURIComponent(id)}`);
export const userDirectory = (): Maybe<Member[]> => request('GET', '/api/identity/users/displayinfo');
