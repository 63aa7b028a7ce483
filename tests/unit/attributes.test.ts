import { describe, expect, it } from 'vitest';
import { checkProperty, parseAttribute, toKebab } from '../../src/elements/attributes';

describe('attribute parsing', () => {
  it('maps camelCase props to kebab-case attributes', () => {
    expect(toKebab('apiBase')).toBe('api-base');
    expect(toKebab('showValue')).toBe('show-value');
    expect(toKebab('value')).toBe('value');
  });

  it('treats booleans by presence', () => {
    const spec = { prop: 'readonly', type: 'boolean' } as const;
    expect(parseAttribute(spec, '')).toEqual({ ok: true, value: true });
    expect(parseAttribute(spec, 'readonly')).toEqual({ ok: true, value: true });
    expect(parseAttribute(spec, null)).toEqual({ ok: true, value: false });
    expect(parseAttribute(spec, 'false')).toEqual({ ok: true, value: false });
  });

  it('parses numbers within bounds and explains refusals', () => {
    const spec = { prop: 'value', type: 'number', min: -1, max: 1 } as const;
    expect(parseAttribute(spec, ' 0.5 ')).toEqual({ ok: true, value: 0.5 });
    expect(parseAttribute(spec, null)).toEqual({ ok: true, value: undefined });
    expect(parseAttribute(spec, 'abc')).toEqual({ ok: false, reason: 'expected a number' });
    expect(parseAttribute(spec, '')).toEqual({ ok: false, reason: 'expected a number' });
    expect(parseAttribute(spec, 'Infinity')).toEqual({ ok: false, reason: 'expected a number' });
    expect(parseAttribute(spec, '2')).toEqual({ ok: false, reason: 'expected at most 1' });
    expect(parseAttribute(spec, '-3')).toEqual({ ok: false, reason: 'expected at least -1' });
  });

  it('parses JSON without throwing', () => {
    const spec = { prop: 'items', type: 'json' } as const;
    expect(parseAttribute(spec, '{"a":[1]}')).toEqual({ ok: true, value: { a: [1] } });
    expect(parseAttribute(spec, '{a:1}')).toEqual({ ok: false, reason: 'expected JSON' });
  });

  it('accepts only listed enumeration values', () => {
    const spec = { prop: 'mode', type: ['PrimaryOnly', 'Selection'] } as const;
    expect(parseAttribute(spec, 'Selection')).toEqual({ ok: true, value: 'Selection' });
    expect(parseAttribute(spec, 'selection')).toEqual({ ok: false, reason: 'expected one of PrimaryOnly, Selection' });
  });

  it('checks values set as properties by the same rules', () => {
    expect(checkProperty({ prop: 'value', type: 'number', max: 5 }, 7)).toEqual({ ok: false, reason: 'expected at most 5' });
    expect(checkProperty({ prop: 'value', type: 'number' }, '3')).toEqual({ ok: true, value: 3 });
    expect(checkProperty({ prop: 'items', type: 'json' }, { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
    expect(checkProperty({ prop: 'compact', type: 'boolean' }, 1)).toEqual({ ok: true, value: true });
    expect(checkProperty({ prop: 'label', type: 'string' }, null)).toEqual({ ok: true, value: undefined });
  });
});
