import { useState, type ChangeEvent } from 'react';
import { useElement } from '../elements/element-context';
import { FormDialog, useSubmit } from '../elements/form-dialog';
import { createProvider, readMetadata, updateProvider, type ProviderView } from '../api/sso';
import { fromDraft, slug, toDraft, type Draft } from './provider-draft';
import { MappingRules } from './mapping-rules';

/** The largest metadata file read in the browser (the server takes the same). */
const METADATA_MAX_BYTES = 1_000_000;

/**
 * Adding or editing a provider in a dialog: name and id, e-mail domains; SAML (metadata from a URL
 * or a file fills the IdP's entity id, sign-on URLs by binding, logout URL and certificates; the
 * binding; clock skew) or OpenID Connect (issuer, client id, and a client secret that is written,
 * never shown); unknown users, the default role, mapping rules and whether it is on. The server's
 * refusal is shown in the dialog.
 */
export function ProviderForm({ provider, roles, onSaved, onCancel }: { provider: ProviderView | null; roles: string[]; onSaved: (p: ProviderView) => void; onCancel: () => void }) {
  const { t, api } = useElement();
  const [d, setD] = useState<Draft>(() => toDraft(provider));
  const save = useSubmit();
  const metadata = useSubmit();
  const [metadataUrl, setMetadataUrl] = useState('');
  const [metadataRead, setMetadataRead] = useState('');
  const set = (patch: Partial<Draft>) => {
    setD((x) => ({ ...x, ...patch }));
    save.setError('');
  };
  const isNew = !provider;

  const fill = (from: { url: string } | { xml: string }) =>
    void metadata.run(
      () => readMetadata(from, api),
      (m) => {
        const binding = m.ssoUrls[d.binding] ? d.binding : m.ssoUrls.redirect ? 'redirect' : 'post';
        set({
          idpEntityId: m.idpEntityId,
          ssoUrls: { redirect: m.ssoUrls.redirect ?? '', post: m.ssoUrls.post ?? '' },
          binding,
          sloUrl: m.sloUrl ?? '',
          certs: m.idpCerts.join('\n\n'),
        });
        setMetadataRead(t('ssoAdmin.metadataRead', { entityId: m.idpEntityId }));
      },
    );
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setMetadataRead('');
    if (!file) return;
    if (file.size > METADATA_MAX_BYTES) return metadata.setError(t('ssoAdmin.metadataTooLarge'));
    fill({ xml: await file.text() });
  };

  const submit = () => {
    if (!d.name.trim()) return save.setError(t('ssoAdmin.problems.name'));
    if (!/^[a-z0-9][a-z0-9-]*$/.test(d.id.trim())) return save.setError(t('ssoAdmin.problems.id'));
    const input = fromDraft(d);
    void save.run(() => (isNew ? createProvider(input, api) : updateProvider(provider.id, input, api)), onSaved);
  };

  return (
    <FormDialog
      id="sso-provider"
      className="dialog-form provider-form"
      title={isNew ? t('ssoAdmin.addTitle') : t('ssoAdmin.editTitle', { name: provider.name })}
      submit={isNew ? t('ssoAdmin.create') : t('ssoAdmin.save')}
      busy={save.busy}
      error={save.error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {isNew && (
        <fieldset className="choice">
          <legend>{t('ssoAdmin.kind')}</legend>
          {(['saml', 'oidc'] as const).map((kind) => (
            <label key={kind} className="inline">
              <input type="radio" name="kind" value={kind} checked={d.kind === kind} onChange={() => set({ kind })} />
              {t(`ssoAdmin.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
      <label>
        {t('ssoAdmin.name')}
        <input name="name" value={d.name} maxLength={100} onChange={(e) => set({ name: e.target.value, ...(d.idTyped ? {} : { id: slug(e.target.value) }) })} />
      </label>
      <label>
        {t('ssoAdmin.id')}
        <input name="id" value={d.id} maxLength={40} spellCheck={false} readOnly={!isNew} aria-describedby="sso-id-hint" onChange={(e) => set({ id: e.target.value, idTyped: true })} />
      </label>
      <p id="sso-id-hint" className="hint">{t(isNew ? 'ssoAdmin.idHint' : 'ssoAdmin.idFixed')}</p>
      <label>
        {t('ssoAdmin.domains')}
        <input name="domains" value={d.domains} maxLength={2000} spellCheck={false} placeholder="company.com" aria-describedby="sso-domains-hint" onChange={(e) => set({ domains: e.target.value })} />
      </label>
      <p id="sso-domains-hint" className="hint">{t('ssoAdmin.domainsHint')}</p>

      {d.kind === 'saml' ? (
        <>
          <fieldset className="metadata">
            <legend>{t('ssoAdmin.metadata')}</legend>
            <p className="hint">{t('ssoAdmin.metadataHint')}</p>
            <div className="row">
              <label>
                {t('ssoAdmin.metadataUrl')}
                <input name="metadata-url" type="url" value={metadataUrl} maxLength={2000} spellCheck={false} placeholder="https://" onChange={(e) => (setMetadataUrl(e.target.value), metadata.setError(''))} />
              </label>
              <button type="button" className="secondary" disabled={metadata.busy || !metadataUrl.trim()} onClick={() => fill({ url: metadataUrl.trim() })}>
                {t('ssoAdmin.readMetadata')}
              </button>
            </div>
            <label>
              {t('ssoAdmin.metadataFile')}
              <input name="metadata-file" type="file" accept=".xml,application/xml,text/xml,application/samlmetadata+xml" onChange={(e) => void readFile(e)} />
            </label>
            {metadata.error ? (
              <p className="field-error" role="alert">
                {metadata.error}
              </p>
            ) : (
              <p className="hint" role="status">
                {metadataRead}
              </p>
            )}
          </fieldset>
          <label>
            {t('ssoAdmin.idpEntityId')}
            <input name="idp-entity-id" value={d.idpEntityId} maxLength={2000} spellCheck={false} onChange={(e) => set({ idpEntityId: e.target.value })} />
          </label>
          <label>
            {t('ssoAdmin.binding')}
            <select name="binding" value={d.binding} onChange={(e) => set({ binding: e.target.value as Draft['binding'] })}>
              <option value="redirect">{t('ssoAdmin.bindings.redirect')}</option>
              <option value="post">{t('ssoAdmin.bindings.post')}</option>
            </select>
          </label>
          <label>
            {t('ssoAdmin.ssoUrl')}
            <input name="sso-url" type="url" value={d.ssoUrls[d.binding]} maxLength={2000} spellCheck={false} onChange={(e) => set({ ssoUrls: { ...d.ssoUrls, [d.binding]: e.target.value } })} />
          </label>
          <label>
            {t('ssoAdmin.sloUrl')}
            <input name="slo-url" type="url" value={d.sloUrl} maxLength={2000} spellCheck={false} onChange={(e) => set({ sloUrl: e.target.value })} />
          </label>
          <label>
            {t('ssoAdmin.certs')}
            <textarea name="certs" value={d.certs} rows={4} spellCheck={false} aria-describedby="sso-certs-hint" onChange={(e) => set({ certs: e.target.value })} />
          </label>
          <p id="sso-certs-hint" className="hint">{t('ssoAdmin.certsHint')}</p>
          <label>
            {t('ssoAdmin.clockSkew')}
            <input name="clock-skew" type="number" min={0} max={300} step={1} value={d.clockSkew} onChange={(e) => set({ clockSkew: e.target.value })} />
          </label>
        </>
      ) : (
        <>
          <label>
            {t('ssoAdmin.issuer')}
            <input name="issuer" type="url" value={d.issuer} maxLength={2000} spellCheck={false} placeholder="https://" onChange={(e) => set({ issuer: e.target.value })} />
          </label>
          <label>
            {t('ssoAdmin.clientId')}
            <input name="client-id" value={d.clientId} maxLength={500} spellCheck={false} onChange={(e) => set({ clientId: e.target.value })} />
          </label>
          <label>
            {t('ssoAdmin.clientSecret')}
            <input
              name="client-secret"
              type="password"
              autoComplete="new-password"
              value={d.clientSecret}
              maxLength={2000}
              placeholder={provider?.hasSecret ? t('ssoAdmin.secretStored') : undefined}
              aria-describedby="sso-secret-hint"
              onChange={(e) => set({ clientSecret: e.target.value })}
            />
          </label>
          <p id="sso-secret-hint" className="hint">{t(provider?.hasSecret ? 'ssoAdmin.secretKeep' : 'ssoAdmin.secretHint')}</p>
        </>
      )}

      <label>
        {t('ssoAdmin.unknownUsers')}
        <select name="unknown-users" value={d.unknownUsers} onChange={(e) => set({ unknownUsers: e.target.value as Draft['unknownUsers'] })}>
          <option value="create">{t('ssoAdmin.unknown.create')}</option>
          <option value="refuse">{t('ssoAdmin.unknown.refuse')}</option>
        </select>
      </label>
      <label>
        {t('ssoAdmin.defaultRole')}
        <select name="default-role" value={d.defaultRole} onChange={(e) => set({ defaultRole: e.target.value })}>
          {(roles.includes(d.defaultRole) ? roles : [d.defaultRole, ...roles]).map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </label>
      <MappingRules rules={d.rules} roles={roles} onChange={(rules) => set({ rules })} />
      <label className="inline">
        <input name="enabled" type="checkbox" checked={d.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t('ssoAdmin.enabled')}
      </label>
    </FormDialog>
  );
}
