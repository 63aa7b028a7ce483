import { useEffect, useState, type FormEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { createGroup, deleteGroup, getGroup, updateGroup, userDirectory, type Member } from '../../api/groups';
import { formErrors, NO_ERRORS, type FormErrors } from '../../account/shared/use-form';
import { ConfirmDelete } from '../../account/shared/confirm-delete';

/** Creates a group (no `group-id`) or edits one: name, description, members, delete with confirm. */
export function GroupDetail({ groupId }: { groupId?: string }) {
  const { t, go, api } = useElement();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<Member[]>([]);
  const [directory, setDirectory] = useState<Member[]>([]);
  const [pick, setPick] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'saved' | 'confirm'>(groupId ? 'loading' : 'ready');

  useEffect(() => {
    userDirectory(api).then((d) => !isBadRequest(d) && setDirectory(d)).catch(() => setDirectory([]));
    if (!groupId) return;
    getGroup(groupId, api)
      .then((g) => {
        if (isBadRequest(g)) return setState('missing');
        setName(g.name);
        setDescription(g.description);
        setMembers(g.members);
        setState('ready');
      })
      .catch(() => setState('missing'));
  }, [api, groupId]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    const input = { name, description, memberIds: members.map((m) => m.id) };
    try {
      const res = groupId ? await updateGroup(groupId, input, api) : await createGroup(input, api);
      if (isBadRequest(res)) setErrors(formErrors(res, (c) => c));
      else if (groupId) setState('saved');
      else go('/group');
    } catch {
      setErrors({ general: [t('groups.saveFailed')], fields: {} });
    }
  };

  const remove = async () => {
    try {
      const res = await deleteGroup(groupId!, api);
      if (isBadRequest(res)) setErrors(formErrors(res, (c) => c));
      else go('/group');
    } catch {
      setErrors({ general: [t('groups.saveFailed')], fields: {} });
    }
  };

  const add = () => {
    const user = directory.find((u) => u.id === pick);
    if (user && !members.some((m) => m.id === user.id)) setMembers([...members, user]);
    setPick('');
  };

  if (state === 'loading') return <p part="base" role="status">{t('common.loading')}</p>;
  if (state === 'missing') return <p part="base" className="banner error" role="alert">{t('groups.missing')}</p>;
  const nameErrors = [...(errors.fields.name ?? []), ...(errors.fields.Name ?? [])];

  return (
    <form part="base" onSubmit={save} noValidate aria-labelledby="group-title">
      <h1 id="group-title">{groupId ? name || t('groups.title') : t('groups.registerTitle')}</h1>
      {state === 'saved' && <p className="banner success" role="status">{t('groups.saved')}</p>}
      {errors.general.map((m) => <p key={m} className="banner error" role="alert">{m}</p>)}
      <label>
        {t('groups.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} aria-invalid={nameErrors.length > 0} />
        {nameErrors.map((m) => <span key={m} className="field-error">{m}</span>)}
      </label>
      <label>
        {t('groups.description')}
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <fieldset>
        <legend>{t('groups.members')}</legend>
        {members.length === 0 && <p className="hint">{t('groups.noMembers')}</p>}
        <ul className="members">
          {members.map((m) => (
            <li key={m.id}>
              {/* Names as entered: never translated (translate="no"), by a browser or a reader. */}
              <span translate="no">{m.fullName}</span> <span className="hint" translate="no">{m.userName}</span>
              <button type="button" className="secondary" onClick={() => setMembers(members.filter((x) => x.id !== m.id))}>
                {t('groups.removeMember', { name: m.fullName })}
              </button>
            </li>
          ))}
        </ul>
        <label>
          {t('groups.addMember')}
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">{t('groups.chooseUser')}</option>
            {directory.filter((u) => !members.some((m) => m.id === u.id)).map((u) => <option key={u.id} value={u.id} translate="no">{u.fullName} ({u.userName})</option>)}
          </select>
        </label>
        <button type="button" className="secondary" disabled={!pick} onClick={add}>{t('groups.addSelected')}</button>
      </fieldset>
      <div className="actions">
        <button type="submit">{t(groupId ? 'users.save' : 'groups.create')}</button>
        {groupId && (
          <ConfirmDelete t={t} label={t('groups.delete')} question={t('groups.confirmDelete')} confirming={state === 'confirm'}
            onAsk={() => setState('confirm')} onConfirm={remove} onCancel={() => setState('ready')} />
        )}
      </div>
    </form>
  );
}
