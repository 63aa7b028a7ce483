import { describe, expect, it } from 'vitest';
import { errorsByTopic, freshIds, idFor, mergeCandidate, removeTopic, subtreeOf } from '../../src/datasources/topics/taxonomy';
import type { Topic } from '../../src/api/text-topics';

/** The topics editor's steps on the taxonomy it sends (src/datasources/topics/taxonomy.ts). */

const topic = (id: string, name: string, parentId?: string, terms: string[] = []): Topic => ({ id, name, ...(parentId ? { parentId } : {}), terms, exclusions: [] });
const TREE = [topic('delivery', 'Delivery'), topic('late', 'Late', 'delivery'), topic('very-late', 'Very late', 'late'), topic('staff', 'Staff')];

describe('topic taxonomy', () => {
  it('should make ids the server accepts from any name, unique among the taken', () => {
    expect(idFor('Lieferung & Rückgabe', new Set())).toBe('lieferung-ruckgabe');
    expect(idFor('Größe', new Set())).toBe('grosse');
    expect(idFor('  ', new Set())).toBe('topic');
    expect(idFor('Delivery', new Set(['delivery', 'delivery-2']))).toBe('delivery-3');
    expect(idFor('x'.repeat(100), new Set(['x'.repeat(34)]))).toMatch(/^[a-z0-9-]{1,40}$/);
  });

  it('should name new topics by their current names when sent, and their sub-topics follow', () => {
    const draft = [topic('delivery', 'Delivery'), topic('topic', 'Refunds'), topic('topic-2', 'Slow refunds', 'topic')];
    expect(freshIds(draft, new Set(['delivery']))).toEqual([topic('delivery', 'Delivery'), topic('refunds', 'Refunds'), topic('slow-refunds', 'Slow refunds', 'refunds')]);
  });

  it('should move sub-topics up when their topic goes, and bar a topic and its descendants as its parent', () => {
    expect(removeTopic(TREE, 'late')).toEqual([topic('delivery', 'Delivery'), topic('very-late', 'Very late', 'delivery'), topic('staff', 'Staff')]);
    expect([...subtreeOf(TREE, 'delivery')].sort()).toEqual(['delivery', 'late', 'very-late']);
  });

  it('should add a merged candidate’s terms once each', () => {
    const merged = mergeCandidate([topic('staff', 'Staff', undefined, ['staff', 'Friendly'])], { name: 'helpful staff', terms: ['friendly', 'helpful'], count: 3, examples: [] }, 'staff');
    expect(merged[0].terms).toEqual(['staff', 'Friendly', 'helpful']);
  });

  it('should place a 400’s messages on the topic and field at their position, the rest as general', () => {
    const errors = errorsByTopic(TREE, { 'topics.1.name': ['Two topics under one parent are named "Late".'], 'topics.2.terms.0': ['A term may not be empty.'], 'topics.3.id': ['The topic id "staff" is used twice.'] }, 'topics.1.name: …');
    expect(errors.byTopic).toEqual({ late: { name: ['Two topics under one parent are named "Late".'] }, 'very-late': { terms: ['A term may not be empty.'] } });
    expect(errors.general).toEqual(['The topic id "staff" is used twice.']);
    expect(errorsByTopic(TREE, undefined, 'A taxonomy has at most 300 topics.')).toEqual({ byTopic: {}, general: ['A taxonomy has at most 300 topics.'] });
  });
});
