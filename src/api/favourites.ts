import { request, type ApiTarget } from './client';
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

export const favouritesAvailable = (target?: ApiTarget): Promise<unknown> => request('GET', '/api/favourites/available/Favourites', { target });
export const listFavourites = (target?: ApiTarget): Maybe<Favourite[]> => request('GET', '/api/favourites/Favourites', { target });
export const openFavourite = (id: string, own: boolean, target?: ApiTarget): Maybe<Favourite> =>
  request('GET', own ? `/api/favourites/Favourites/${seg(id)}?updateAccessedAt=true&_=${Date.now()}` : `/api/favourites/share/favourites/${seg(id)}`, { target });
export const validateFavourite = (moduleId: string, f: FavouriteInput, target?: ApiTarget): Maybe<Outcome> => request('POST', `/api/favourites/validate/${seg(moduleId)}`, { json: f, target });
export const saveFavourite = (moduleId: string, f: FavouriteInput, target?: ApiTarget): Maybe<{ favouritesId: string }> => request('POST', `/api/favourites/${seg(moduleId)}`, { json: f, target });
export const removeFavourite = (id: string, target?: ApiTarget): Maybe<unknown> => request('DELETE', `/api/favourites/Favourites/${seg(id)}`, { target });
