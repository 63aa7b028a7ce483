import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../elements/element-context';
import { PortalLink } from '../elements/portal-link';
import { $session } from '../stores/session';
import { DATA_SOURCE_ROLES, hasAnyRole } from '../lib/roles';
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
      {failed ? <p className="banner error" role="alert">{t('dataviz.loadFailed')}</p> : !items ? <p role="status">{t('dataviz.loading')}</p> : (
        <>
          {!items.some((i) => i.kind === 'Dashboard') && <AddYourData />}
          {items.length > 0 && <CatalogueList items={items} />}
        </>
      )}
    </section>
  );
}

/** An empty portal's first step: administrators bring their data in (/admin/datasources); others hear who does. */
function AddYourData() {
  const { t } = useElement();
  const mayAdd = hasAnyRole(useStore($session), DATA_SOURCE_ROLES);
  return (
    <section className="add-data" aria-labelledby="add-data-title">
      <h2 id="add-data-title">{t('dataviz.addDataTitle')}</h2>
      <p>{t(mayAdd ? 'dataviz.addDataIntro' : 'dataviz.noDataYet')}</p>
      {mayAdd && <PortalLink to="/admin/datasources" className="button">{t('dataviz.addData')}</PortalLink>}
    </section>
  );
}
