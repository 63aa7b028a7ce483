import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { NpsGauge } from '../src/visuals/nps-gauge/nps-gauge';
import styles from '../src/visuals/nps-gauge/nps-gauge.css?inline';

/**
 * Net Promoter Score gauge of the demo wall: a half dial from -1 to 1, coloured grey at zero,
 * red below and green above, with the value (format 0.0%) and the response count.
 *
 * @tag cx-nps-gauge
 * @attr {number} value - NPS as a fraction from -1 to 1. Default 0.
 * @attr {number} responses - Number of responses behind the score; hidden when absent.
 * @attr {string} label - Caption. Default "NPS, MONTH TO DATE" (translated).
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Base URL of the API; defaults to `configure({ apiBase })`.
 * @csspart base - The figure.
 * @csspart label - The caption.
 * @csspart dial - The SVG dial.
 * @csspart value - The value text.
 * @csspart responses - The response count.
 * @cssprop --gauge-width - Width of the gauge. Default 220px.
 * @cssprop --gauge-track-color - Colour of the unfilled track.
 */
export const CxNpsGauge = defineElement({
  tag: 'cx-nps-gauge',
  component: NpsGauge,
  styles,
  attributes: [
    { prop: 'value', type: 'number', min: -1, max: 1 },
    { prop: 'responses', type: 'number', min: 0 },
    { prop: 'label', type: 'string' },
  ],
});

export interface CxNpsGaugeElement extends CxElement {
  value: number | undefined;
  responses: number | undefined;
  label: string | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'cx-nps-gauge': CxNpsGaugeElement;
  }
}
