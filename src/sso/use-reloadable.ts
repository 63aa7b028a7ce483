import { useEffect, useState } from 'react';
import { isBadRequest, type ApiTarget, type BadRequest } from '../api/client';

/** What a GET returned (null until it has), whether it failed, and `reload` to read it again after a change; reads again when `api` changes. */
export function useReloadable<T>(load: (api: ApiTarget) => Promise<T | BadRequest>, api: ApiTarget) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = () =>
    load(api)
      .then((res) => (isBadRequest(res) ? setFailed(true) : (setData(res), setFailed(false))))
      .catch(() => setFailed(true));
  useEffect(() => void reload(), [api]); // eslint-disable-line react-hooks/exhaustive-deps
  return { data, failed, reload };
}
