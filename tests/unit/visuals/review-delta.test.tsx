import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TFunction } from 'i18next';
import { Delta } from '../../../src/visuals/review/compared';
import { roundAwayFromZero } from '../../../src/lib/deltas';

const t = ((key: string) => ({ 'reviews.vsPrevious': 'vs previous period', 'reviews.noPrevious': 'no previous period' })[key] ?? key) as unknown as TFunction;
const points = (n: number) => `${n} pts`;
const shown = (current: number, previous: number, round?: (n: number) => number, format = points) =>
  renderToStaticMarkup(<Delta t={t} value={{ currentValue: current, previousValue: previous }} round={round} format={format} />);

describe('a review tile’s change against the previous period', () => {
  it('reads ±0 and is neither good nor bad news when the change rounds to nothing', () => {
    expect(shown(29.2, 29.5, roundAwayFromZero)).toBe('<span class="delta same">±0 pts <span class="hint">vs previous period</span></span>');
    expect(shown(4.02, 4.0, (n) => roundAwayFromZero(n, 1), (n) => n.toFixed(1))).toContain('class="delta same">±0.0');
  });

  it('keeps the sign and colour of a change that shows', () => {
    expect(shown(29.2, 30.5, roundAwayFromZero)).toBe('<span class="delta down">−1 pts <span class="hint">vs previous period</span></span>');
    expect(shown(4.4, 4.0, (n) => roundAwayFromZero(n, 1), (n) => n.toFixed(1))).toContain('class="delta up">+0.4');
  });

  it('says when there is no previous period', () => {
    expect(renderToStaticMarkup(<Delta t={t} value={{ currentValue: 3, previousValue: null }} format={points} />)).toContain('no previous period');
  });
});
