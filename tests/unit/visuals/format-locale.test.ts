import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatValue, numberLocale, shortDay, shortMonth } from '../../../src/visuals/common/format';
import { configure } from '../../../src/stores/config';

afterEach(() => configure({ locale: 'en' }));

describe('chart numbers and dates in the page’s language', () => {
  it('use the language’s separators and minus sign', () => {
    expect(formatValue(1234.5, '0.0', undefined, 'en')).toBe('1234.5');
    expect(numberLocale('de').format(',.1f')(1234.5)).toBe('1.234,5');
    expect(formatValue(0.425, '0.0%', undefined, 'de')).toBe('42,5%');
    expect(formatValue(-0.2, '0.0%', undefined, 'en')).toBe('-20.0%');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'de')).toBe('12.345');
  });

  it('follow configure({ locale }) when no language is given', () => {
    configure({ locale: 'de-DE' });
    expect(formatCount(1000)).toBe('1.000');
    expect(shortMonth(new Date(Date.UTC(2026, 2, 5)))).toBe('Mär');
    expect(shortDay(new Date(Date.UTC(2026, 2, 5)))).toBe('05. März');
    configure({ locale: 'en' });
    expect(shortDay(new Date(Date.UTC(2026, 2, 5)))).toBe('Mar 05');
  });

  it('fall back to English separators for a language Intl does not know', () => {
    expect(formatCount(1000, 'xx-invalid-tag-!')).toBe('1,000');
  });
});
