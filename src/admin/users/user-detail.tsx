import { useEffect, useState, type FormEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { createUser, deleteUser, getRoles, getUser, updateUser } from '../../api/identity';
import { isBadRequest } from '../../api/client';
import type { Claim, Role, User } from '../../api/types';
import { formErrors, NO_ERRORS, type FormErrors } from '../../account/shared/use-form';
import { trackEvent } from '../../api/telemetry';
import { ConfirmDelete } from '../../account/shared/confirm-delete';
import { $session } from '../../stores/session';

interface Draft {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  claims: Claim[];
}
const EMPTY: Draft = { firstName: '', lastName: '', email: '', role: '', claims: [] };
/** The claim value for every value of a type (an unrestricted user), as the server takes it. */
const ALL_VALUES = '*';

/** Creates a user (no `user-id`) or shows and edits one, with role and claim pickers and the save rules. */
export function UserDetail({ userId }: { userId?: string }) {
  const { t, go, api } = useElement();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [loadFailed, setLoadFailed] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'saving' | 'saved' | 'confirm-delete'>('loading');

  useEffect(() => {
    let live = true;
    Promise.all([getRoles(api), userId ? getUser(userId, api) : Promise.resolve(null)])
      .then(([r, u]) => {
        if (!live) return;
        setRoles(isBadRequest(r) ? [] : r);
        if (u && !isBadRequest(u)) {
          setUser(u);
          // A user with no claim of their role's data restriction sees every value: shown as "All values".
          const restriction = (isBadRequest(r) ? [] : r).find((x) => x.name === u.role)?.dataAttribute;
          const unrestricted = restriction && !u.claims.some((c) => c.Type === restriction);
          setDraft({ firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role, claims: unrestricted ? [...u.claims, { Type: restriction, Value: ALL_VALUES }] : u.claims });
        }
        setState(userId && (!u || isBadRequest(u)) ? 'missing' : 'ready');
      })
      .catch(() => {
        if (!live) return;
        setRoles([]);
        setLoadFailed(true);
        setState(userId ? 'missing' : 'ready');
      });
    return () => {
      live = false;
    };
  }, [api, userId]);

  const translate = (code: string) => t(`errors.${code}`, { defaultValue: code });
  // A user at or above the actor's role: their role, claims and account are out of reach. One's own
  // user is such a user (the server marks it so), yet one still edits one's own names here.
  const sameOrHigher = !!user?.sameOrHigherRole;
  const self = !!user && user.id === $session.get()?.id;
  const locked = sameOrHigher && !self;
  const showAccess = !(sameOrHigher && self);
  const role = roles?.find((r) => r.name === draft.role);
  // "All values" and single values exclude each other.
  const toggleClaim = (type: string, value: string) =>
    setDraft((d) => ({
      ...d,
      claims: d.claims.some((c) => c.Type === type && c.Value === value)
        ? d.claims.filter((c) => !(c.Type === type && c.Value === value))
        : [...d.claims.filter((c) => c.Type !== type || (value !== ALL_VALUES && c.Value !== ALL_VALUES)), { Type: type, Value: value }],
    }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setState('saving');
    setErrors(NO_ERRORS);
    try {
      // Role and claims are sent only when they may change: the server refuses them for one's own user.
      const { role: _role, claims: _claims, ...names } = draft;
      const res = userId ? await updateUser(sameOrHigher ? { id: userId, ...names } : { id: userId, ...draft }, api) : await createUser(draft, api);
      if (isBadRequest(res)) {
        trackEvent('Error updating user info');
        setErrors(formErrors(res, translate));
        setState('ready');
      } else if (userId) {
        setState('saved');
      } else go('/user');
    } catch {
      trackEvent('Error updating user info');
      setErrors({ general: [t('users.saveFailed')], fields: {} });
      setState('ready');
    }
  };

  const remove = async () => {
    if (!userId) return;
    try {
      const res = await deleteUser(userId, api);
      if (isBadRequest(res)) setErrors(formErrors(res, translate));
      else go('/user');
    } catch {
      trackEvent('Error deleting user');
      setErrors({ general: [t('users.deleteFailed')], fields: {} });
      setState('ready');
    }
  };

  if (state === 'loading') return <p part="base" role="status">{t('common.loading')}</p>;
  if (state === 'missing') return <p part="base" className="banner error" role="alert">{t('users.missing')}</p>;

  // The server names fields by the body's keys (email) or by the model's (Email): show both.
  const fieldErrors = (name: string) => [...new Set([...(errors.fields[name] ?? []), ...(errors.fields[name[0].toUpperCase() + name.slice(1)] ?? [])])];
  const field = (name: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <label>
      {t(label)}
      <input type={type} value={draft[name]} disabled={locked} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} aria-invalid={fieldErrors(name).length > 0} />
      {fieldErrors(name).map((m) => <span key={m} className="field-error">{m}</span>)}
    </label>
  );

  return (
    <form part="base" onSubmit={save} noValidate aria-labelledby="user-title">
      <h1 id="user-title">{userId ? (user?.fullName ?? '') : t('users.registerTitle')}</h1>
      {loadFailed && <p className="banner error" role="alert">{t('users.rolesFailed')}</p>}
      {locked && <p className="banner info">{t('users.sameOrHigher')}</p>}
      {state === 'saved' && <p className="banner success" role="status">{t('users.saved')}</p>}
      {errors.general.map((m) => <p key={m} className="banner error" role="alert">{m}</p>)}
      {field('firstName', 'users.firstName')}
      {field('lastName', 'users.lastName')}
      {field('email', 'users.email', 'email')}
      {showAccess && (
        <label>
          {t('users.role')}
          <select value={draft.role} disabled={locked} onChange={(e) => setDraft({ ...draft, role: e.target.value })} aria-invalid={fieldErrors('role').length > 0}>
            <option value="">{t('users.chooseRole')}</option>
            {/* Roles at or above the actor's are shown but cannot be chosen (the server refuses them too). */}
            {roles?.map((r) => <option key={r.name} value={r.name} disabled={r.assignable === false && r.name !== user?.role}>{r.name}</option>)}
          </select>
          {fieldErrors('role').map((m) => <span key={m} className="field-error">{m}</span>)}
        </label>
      )}
      {showAccess && role?.dataAttribute && (
        <fieldset disabled={locked} aria-invalid={!!errors.fields.Claims}>
          <legend>{t('users.claims', { group: role.dataAttribute })}</legend>
          <label className="inline">
            <input type="checkbox" checked={draft.claims.some((c) => c.Type === role.dataAttribute && c.Value === ALL_VALUES)} onChange={() => toggleClaim(role.dataAttribute!, ALL_VALUES)} />
            {t('users.allValues')}
          </label>
          {role.claims.map((value) => (
            <label key={value} className="inline">
              <input type="checkbox" checked={draft.claims.some((c) => c.Type === role.dataAttribute && c.Value === value)} onChange={() => toggleClaim(role.dataAttribute!, value)} />
              {value}
            </label>
          ))}
          {errors.fields.Claims?.map((m) => <span key={m} className="field-error">{m}</span>)}
        </fieldset>
      )}
      {!locked && (
        <div className="actions">
          <button type="submit" disabled={state === 'saving'}>{t(userId ? 'users.save' : 'users.create')}</button>
          {userId && !sameOrHigher && (
            <ConfirmDelete t={t} label={t('users.delete')} question={t('users.confirmDelete')} confirming={state === 'confirm-delete'}
              onAsk={() => setState('confirm-delete')} onConfirm={remove} onCancel={() => setState('ready')} />
          )}
        </div>
      )}
    </form>
  );
}
