import type { TFunction } from 'i18next';
import type { AllocationOption } from '../../api/processflow';

export type Allocations = ReadonlyArray<{ role: string; users: AllocationOption[] }>;

/**
 * The options' texts, each different (issue 43): the name with the colleague's detail (region or
 * group), and a number after the second and later of what still reads alike.
 */
export function allocationLabels(users: readonly AllocationOption[]): string[] {
  const texts = users.map((u) => (u.userDetail ? `${u.userName} – ${u.userDetail}` : u.userName));
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return n > 1 ? `${text} (${n})` : text;
  });
}

/** The chosen `role|userId` as the action's properties (the role as the case holds it: AllocatedToRole). */
export function allocationProperties(allocations: Allocations, assignee: string): Record<string, unknown> {
  const [role, userId] = assignee.split('|');
  const assigned = allocations.find((g) => g.role === role)?.users.find((u) => u.userId === userId);
  return { allocatedToUserId: userId, allocatedToUserName: assigned?.userName ?? '', allocatedToRole: role };
}

/** "Assign to": the colleagues by role, each told apart from the others. The value is `role|userId`. */
export function AssigneeSelect({ t, allocations, value, onChange, invalid }: { t: TFunction; allocations: Allocations; value: string; onChange: (v: string) => void; invalid: boolean }) {
  return (
    <label>
      {t('case.assignTo')}
      <select value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid}>
        <option value="">{t('case.choosePerson')}</option>
        {allocations.map((g) => {
          const labels = allocationLabels(g.users);
          return (
            <optgroup key={g.role} label={g.role}>
              {g.users.map((u, i) => <option key={u.userId} value={`${g.role}|${u.userId}`}>{labels[i]}</option>)}
            </optgroup>
          );
        })}
      </select>
    </label>
  );
}
