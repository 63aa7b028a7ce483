import { select } from 'd3';
import { numberLocale } from '../common/format';
import { ratingBand, starFills } from '../../lib/rating';
import { DELTA_COLOURS, INK } from '../common/palette';

/** Star chart defaults of spec part 3: 5 stars of size 46, hero format 0.2f, footer format 0f, footer padding 70. */
export const STAR_CHART_DEFAULTS = { Stars: 5, Size: 46, HeroFormat: '.2f', FooterFormat: '.0f', FooterPadding: 70 } as const;
/** Colour bands, the theme's: red below 3, grey from 3 to 4, green above 4 (contrast-safe shades). */
export const BAND_COLOURS = { low: DELTA_COLOURS.down, mid: DELTA_COLOURS.same, high: DELTA_COLOURS.up } as const;

export interface StarChartModel {
  value: number;
  responses: number;
  stars: number;
  size: number;
  heroFormat: string;
  footerFormat: string;
  footerPadding: number;
  footerLabel: string;
}

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Draws the hero number, a row of partly filled stars in the value's colour band, and the footer count. */
export function drawStarChart(svg: SVGSVGElement, m: StarChartModel, idPrefix: string): () => void {
  const width = m.stars * m.size;
  const colour = BAND_COLOURS[ratingBand(m.value)];
  const hero = numberLocale().format(m.heroFormat)(m.value);
  const root = select(svg)
    .attr('viewBox', `0 0 ${width} ${m.size + 60 + m.footerPadding / 2}`)
    .append('g')
    .attr('class', 'star-chart')
    .attr('role', 'img')
    .attr('aria-label', `${hero} of ${m.stars}`);
  root.append('text').attr('class', 'hero').attr('x', width / 2).attr('y', 40).attr('text-anchor', 'middle').attr('font-size', 40).style('fill', colour).text(hero);
  starFills(m.value, m.stars).forEach((fill, i) => {
    const g = root.append('g').attr('aria-hidden', 'true').attr('transform', `translate(${i * m.size},52) scale(${m.size / 24})`);
    const clip = `${idPrefix}-star-${i}`;
    g.append('clipPath').attr('id', clip).append('rect').attr('width', 24 * fill).attr('height', 24);
    g.append('path').attr('class', 'star-empty').attr('d', STAR).style('fill', INK.track);
    if (fill > 0) g.append('path').attr('class', 'star-full').attr('d', STAR).style('fill', colour).attr('clip-path', `url(#${clip})`);
  });
  root
    .append('text')
    .attr('class', 'footer')
    .attr('x', width / 2)
    .attr('y', 52 + m.size + m.footerPadding / 3)
    .attr('text-anchor', 'middle')
    .attr('font-size', 14)
    .text(`${numberLocale().format(m.footerFormat)(m.responses)} ${m.footerLabel}`);
  return () => {
    root.remove();
  };
}
