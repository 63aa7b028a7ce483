import { useEffect, useRef, useState } from 'react';
import { useElement } from '../elements/element-context';
import { issueScimToken, listScimTokens, revokeScimToken, type ScimToken } from '../api/sso';
import { ConfirmDialog } from '../elements/confirm-dialog';
import { useSubmit } from '../elements/form-dialog';
import { longInstant } from '../lib/dates';
import { CopyValue } from './copy-value';
import { ActionTable } from '../elements/action-table';
import { useReloadable } from './use-reloadable';

/**
 * Provisioning (SCIM): the base URL an identity provider sends users and groups to, the bearer
 * tokens it uses (name, created, last used), issuing one (shown this once, with a copy button)
 * and revoking one after a question.
 */
export function ScimTokens({ baseUrl }: { baseUrl: string }) {
  const { t, api } = useElement();
  const { data, failed, reload } = useReloadable(listScimTokens, api);
  const tokens = data?.tokens;
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const [said, setSaid] = useState('');
  const issue = useSubmit();
  const revoke = useSubmit();
  const shown = useRef<HTMLDivElement>(null);
  const nameField = useRef<HTMLInputElement>(null);

  useEffect(() => shown.current?.focus(), [issued]);

  const submit = () => {
    if (!name.trim()) return issue.setError(t('ssoAdmin.tokenNameRequired'));
    void issue.run(
      () => issueScimToken(name.trim(), api),
      (res) => {
        setIssued({ name: res.name, token: res.token });
        setName('');
        void reload();
      },
    );
  };
  const confirmRevoke = (tok: ScimToken) =>
    void revoke.run(
      () => revokeScimToken(tok.id, api),
      () => {
        setRevoking(null);
        setSaid(t('ssoAdmin.tokenRevoked', { name: tok.name }));
        void reload();
        nameField.current?.focus();
      },
    );

  return (
    <section className="scim" aria-labelledby="scim-title">
      <h2 id="scim-title">{t('ssoAdmin.scimTitle')}</h2>
      <p className="hint">{t('ssoAdmin.scimIntro')}</p>
      <CopyValue label={t('ssoAdmin.scimBaseUrl')} value={baseUrl} />
      <p className="cx-visually-hidden" role="status">
        {said}
      </p>
      {issued && (
        <div ref={shown} className="banner info secret-once" role="region" aria-labelledby="scim-token-title" tabIndex={-1}>
          <h3 id="scim-token-title">{t('ssoAdmin.tokenIssued', { name: issued.name })}</h3>
          <p>{t('ssoAdmin.tokenOnce')}</p>
          <CopyValue label={t('ssoAdmin.tokenLabel')} value={issued.token} name="scim-token" />
          <button type="button" className="secondary" onClick={() => (setIssued(null), nameField.current?.focus())}>
            {t('ssoAdmin.tokenDone')}
          </button>
        </div>
      )}
      <form
        className="issue-token"
        noValidate
        aria-labelledby="issue-token-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!issue.busy) submit();
        }}
      >
        <h3 id="issue-token-title">{t('ssoAdmin.issueTitle')}</h3>
        <div className="row">
          <label>
            {t('ssoAdmin.tokenName')}
            <input
              ref={nameField}
              name="token-name"
              value={name}
              maxLength={100}
              aria-invalid={issue.error ? true : undefined}
              aria-describedby={issue.error ? 'issue-token-error' : undefined}
              onChange={(e) => (setName(e.target.value), issue.setError(''))}
            />
          </label>
          <button type="submit" disabled={issue.busy}>
            {t('ssoAdmin.issue')}
          </button>
        </div>
        {issue.error && (
          <p id="issue-token-error" className="field-error" role="alert">
            {issue.error}
          </p>
        )}
      </form>
      {failed ? (
        <p className="banner error" role="alert">{t('ssoAdmin.tokensFailed')}</p>
      ) : !tokens ? (
        <p role="status">{t('ssoAdmin.tokensLoading')}</p>
      ) : tokens.length === 0 ? (
        <p className="empty">{t('ssoAdmin.noTokens')}</p>
      ) : (
        <ActionTable label={t('ssoAdmin.tokens')} caption={t('ssoAdmin.tokens')} actionsHead={t('ssoAdmin.actions')} columns={[t('ssoAdmin.tokenName'), t('ssoAdmin.tokenCreated'), t('ssoAdmin.tokenLastUsed'), t('ssoAdmin.status')]}>
          {tokens.map((tok) => (
            <tr key={tok.id}>
              <td>{tok.name}</td>
              <td>{longInstant(tok.createdAt)}</td>
              <td>{tok.lastUsedAt ? longInstant(tok.lastUsedAt) : t('ssoAdmin.never')}</td>
              <td>{t(tok.revoked ? 'ssoAdmin.tokenRevokedState' : 'ssoAdmin.tokenActive')}</td>
              <td>
                {!tok.revoked && (
                  <button type="button" className="secondary danger" onClick={() => (revoke.setError(''), setRevoking(tok))}>
                    {t('ssoAdmin.revoke')}
                    <span className="cx-visually-hidden"> {tok.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ActionTable>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('ssoAdmin.revokeTitle', { name: revoking.name })}
          confirmLabel={t('ssoAdmin.revoke')}
          cancelLabel={t('common.cancel')}
          busy={revoke.busy}
          error={revoke.error}
          onConfirm={() => confirmRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>{t('ssoAdmin.revokeText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
