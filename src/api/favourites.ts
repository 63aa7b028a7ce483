import { request } from './client';
import type { BadRequest } from './errors';
import type { Favourite } from '../lib/favourites';

type Maybe<T> = Promise<T | BadRequest>;
const seg = encodeURIComponent;

export interface FavouriteInput {
  title: string;
  description: string;
  payload: string;
}
export type Outcome = { outcome: 'NoIssue' | 'SameTitle' | 'SamePayload'; message: string; data: Favourite | null };

export const favouritesAvailable = (): Promise<unknown> => request('GET', '/api/favourites/available/Favourites');
export const listFavourites = (): Maybe<Favourite[]> => request('GET', '/api/favourites/Favourites');
export const openFavourite = (id: string, own: boolean): Maybe<Favourite> =>
  request('GET', own ? `/api/favourites/Favourites/${seg(id)}?updateAccessedAt=true&_=${Date.now()}` : `/api/favourites/share/favourites/${seg(id)}`);
export const validateFavourite = (moduleId: string, f: FavouriteInput): Maybe<Outcome> => request('POST', `/api/favourites/validate/${seg(moduleId)}`, { json: f });
export const saveFavourite = (moduleId: string, f: FavouriteInput): Maybe<{ favouritesId: string }> => request('POST', `/api/favourites/${seg(moduleId)}`, { json: f });
export const removeFavourite = (id: string): Maybe<unknown> => request('DELETE', `/api/favourites/Favourites/${seg(id)}`);
