import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../elements/element-context';
import { deleteProvider, listProviders, type ProviderView } from '../api/sso';
import { ConfirmDialog } from '../elements/confirm-dialog';
import { useSubmit } from '../elements/form-dialog';
import { Loading, LoadFailed } from '../elements/load-states';
import { $settings, loadSettings } from '../stores/settings';
import { ProviderForm } from './provider-form';
import { CopyValue } from './copy-value';
import { ScimTokens } from './scim-tokens';
import { ActionTable } from '../elements/action-table';
import { useReloadable } from './use-reloadable';

/**
 * The single sign-on page (`cx-sso-providers`, /admin/sso, GlobalAdmin): the identity providers
 * (name, SAML or OIDC, e-mail domains, on or off, set by the environment), adding, editing and
 * deleting them; the portal's own values to enter at a provider; and SCIM provisioning tokens.
 */
export function SsoProvidersPage() {
  const { t, api } = useElement();
  const settings = useStore($settings);
  const { data, failed, reload } = useReloadable(listProviders, api);
  // The provider in the form: 'new', one of the list, or none.
  const [editing, setEditing] = useState<ProviderView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProviderView | null>(null);
  const [said, setSaid] = useState('');
  const remove = useSubmit();
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => void loadSettings(), [api]);

  if (failed) return <LoadFailed className="banner error">{t('ssoAdmin.loadFailed')}</LoadFailed>;
  if (!data) return <Loading>{t('ssoAdmin.loading')}</Loading>;
  const { providers, serviceProvider: sp } = data;
  const roles = settings?.roles ?? ['PortalUser'];
  const confirmDelete = (p: ProviderView) =>
    void remove.run(
      () => deleteProvider(p.id, api),
      () => {
        setDeleting(null);
        setSaid(t('ssoAdmin.deleted', { name: p.name }));
        void reload();
        addButton.current?.focus();
      },
    );

  return (
    <section className="sso-admin" aria-labelledby="sso-title" part="base">
      <h1 id="sso-title">{t('ssoAdmin.title')}</h1>
      <p className="hint">{t('ssoAdmin.intro')}</p>
      <p className="cx-visually-hidden" role="status">
        {said}
      </p>
      <section aria-labelledby="providers-title">
        <h2 id="providers-title">{t('ssoAdmin.providers')}</h2>
        {providers.length === 0 ? (
          <p className="empty">{t('ssoAdmin.empty')}</p>
        ) : (
          <ActionTable label={t('ssoAdmin.providers')} caption={t('ssoAdmin.providers')} actionsHead={t('ssoAdmin.actions')} className="providers" columns={[t('ssoAdmin.name'), t('ssoAdmin.kind'), t('ssoAdmin.domains'), t('ssoAdmin.status')]}>
            {providers.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  {p.name} <span className="id">({p.id})</span>
                </th>
                <td>{t(`ssoAdmin.kinds.${p.kind}`)}</td>
                <td>{p.domains.join(', ') || t('ssoAdmin.noDomains')}</td>
                <td>
                  {t(p.enabled ? 'ssoAdmin.on' : 'ssoAdmin.off')}
                  {p.fromEnvironment && <span className="badge">{t('ssoAdmin.fromEnvironment')}</span>}
                </td>
                <td className="actions">
                  {p.fromEnvironment ? (
                    <span className="hint">{t('ssoAdmin.readOnly')}</span>
                  ) : (
                    <>
                      <button type="button" className="secondary" onClick={() => setEditing(p)}>
                        {t('ssoAdmin.edit')}
                        <span className="cx-visually-hidden"> {p.name}</span>
                      </button>
                      <button type="button" className="secondary danger" onClick={() => (remove.setError(''), setDeleting(p))}>
                        {t('ssoAdmin.delete')}
                        <span className="cx-visually-hidden"> {p.name}</span>
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </ActionTable>
        )}
        <div className="actions">
          <button ref={addButton} type="button" onClick={() => setEditing('new')}>
            {t('ssoAdmin.add')}
          </button>
        </div>
      </section>
      <section className="sp-values" aria-labelledby="sp-title">
        <h2 id="sp-title">{t('ssoAdmin.spTitle')}</h2>
        <p className="hint">{t('ssoAdmin.spIntro')}</p>
        <CopyValue label={t('ssoAdmin.spEntityId')} value={sp.entityId} />
        <CopyValue label={t('ssoAdmin.acsUrl')} value={sp.acsUrl} />
        <CopyValue label={t('ssoAdmin.spMetadataUrl')} value={sp.metadataUrl} />
        <CopyValue label={t('ssoAdmin.redirectUri')} value={sp.oidcRedirectUri} />
      </section>
      <ScimTokens baseUrl={`${new URL(sp.metadataUrl).origin}/scim/v2`} />
      {editing && (
        <ProviderForm
          provider={editing === 'new' ? null : editing}
          roles={roles}
          onCancel={() => setEditing(null)}
          onSaved={(p) => {
            setEditing(null);
            setSaid(t('ssoAdmin.saved', { name: p.name }));
            void reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('ssoAdmin.deleteTitle', { name: deleting.name })}
          confirmLabel={t('ssoAdmin.delete')}
          cancelLabel={t('common.cancel')}
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('ssoAdmin.deleteText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
