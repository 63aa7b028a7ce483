import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { datavizHome, type CatalogueItem } from '../api/operations';
import { CatalogueList } from './catalogue-list';

/** The data visualisation home (`cx-dataviz-home`, /dataviz): every dashboard and data viewer the user can open. */
export function DatavizHome() {
  const { t, api } = useElement();
  const [items, setItems] = useState<CatalogueItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    datavizHome(api)
      .then((res) => live && (isBadRequest(res) ? setFailed(true) : setItems(res)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <section className="dataviz" aria-labelledby="dataviz-title">
      <h1 id="dataviz-title">{t('dataviz.title')}</h1>
      <p className="hint">{t('dataviz.intro')}</p>
      {failed ? <p className="banner error" role="alert">{t('dataviz.loadFailed')}</p> : !items ? <p role="status">{t('dataviz.loading')}</p> : <CatalogueList items={items} />}
    </section>
  );
}
