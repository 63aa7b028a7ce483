import { describe, expect, it } from 'vitest';
import { nominationMessage, nominationProblem, type Nominate } from '../../src/lib/nominations';
import { addInvitee, historyKind, pageSizeOf, popStep, pushStep, surveyLinkFor, type Invitee } from '../../src/lib/survey-steps';

const nominate: Nominate = { Options: ['Peer', 'Direct report', 'Manager'], MinRequiredNominationsPerOption: 2 };
const problem = (rels: string[], rules: Nominate = nominate) => {
  const p = nominationProblem(rels, rules);
  return p && nominationMessage(p);
};

describe('nomination rules (spec part 2 section 5)', () => {
  it('asks for a relationship for the one nominee, or for all of them', () => {
    expect(problem([''])).toBe('Please select Relationship for Nominee');
    expect(problem(['Peer', ''])).toBe('Please select Relationship for all Nominees');
    expect(problem(['Peer', 'Friend'])).toBe('Please select Relationship for all Nominees');
  });

  it('needs the minimum for each relationship in use, with a plural s above one', () => {
    expect(problem(['Peer', 'Manager', 'Manager'])).toBe('Please select at least 2 Peers');
    expect(problem(['Peer', 'Peer', 'Manager'])).toBe('Please select at least 2 Managers');
    expect(problem(['Peer', 'Peer'])).toBeUndefined();
    expect(problem(['Manager'], { ...nominate, MinRequiredNominationsPerOption: 1 })).toBeUndefined();
    expect(nominationMessage({ kind: 'atLeast', n: 1, option: 'Manager' })).toBe('Please select at least 1 Manager');
    expect(problem(['Peer'], { Options: nominate.Options })).toBeUndefined();
  });
});

describe('survey page steps', () => {
  it('walks forward and back; leaving the send confirmation clears the list', () => {
    let stack = pushStep(['landing'], 'nominate');
    stack = pushStep(stack, 'sendconfirmation');
    expect(pushStep(stack, 'sendconfirmation')).toEqual(['landing', 'nominate', 'sendconfirmation']);
    const back = popStep(stack);
    expect(back).toEqual({ stack: ['landing', 'nominate'], clearList: true });
    expect(popStep(back.stack)).toEqual({ stack: ['landing'], clearList: false });
    expect(popStep(['landing'])).toEqual({ stack: ['landing'], clearList: false });
  });

  it('uses the configured page size when it is one of 25, 50, 75, 100, else 50', () => {
    expect([25, 75, 100, undefined, 0, 33].map(pageSizeOf)).toEqual([25, 75, 100, 50, 50, 50]);
  });

  it('adds nobody twice, by the invite key in any case', () => {
    const amy: Invitee = { personId: 1, key: 'amy@x.test', name: 'Amy', group: 'IT', relationship: '' };
    const list = addInvitee([amy], { ...amy, personId: 7, key: 'AMY@x.test' });
    expect(list).toEqual([amy]);
    expect(addInvitee(list, { ...amy, personId: 2, key: 'bo@x.test' })).toHaveLength(2);
  });

  it('moves a survey link to the mobile site only on a phone with an override', () => {
    const link = 'https://portal.test/survey/leadership-360/abc?x=1';
    expect(surveyLinkFor(link, true, 'https://m.survey.test')).toBe('https://m.survey.test/survey/leadership-360/abc?x=1');
    expect(surveyLinkFor(link, false, 'https://m.survey.test')).toBe(link);
    expect(surveyLinkFor(link, true, undefined)).toBe(link);
    expect(surveyLinkFor(link, true, 'not a url')).toBe(link);
  });
});

describe('the history\'s kinds (issue 43)', () => {
  it('reads a Give Now link as opened until its survey is answered, and as given once it is', () => {
    expect(historyKind({ Kind: 'GiveNow', AnsweredAt: null })).toBe('GiveNowOpened');
    expect(historyKind({ Kind: 'GiveNow', AnsweredAt: '2026-11-19T10:00:00' })).toBe('GiveNow');
    expect(historyKind({ Kind: 'Invite', AnsweredAt: null })).toBe('Invite');
  });
});
