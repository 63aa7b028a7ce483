import { LitElement, css, nothing } from 'lit';

/**
 * A filter written as markup inside a tile (`cx-visual`): a partner configures what the tile
 * shows without script. Several `cx-filter`s with the same key are ORed (any of the values), keys
 * are ANDed; `from`/`to` give a range (dates as YYYY-MM-DD, or numbers). Adding, removing or
 * changing one makes the tile query again. A filter on the module's date field replaces the filter
 * bar's period for that tile.
 *
 * ```html
 * <cx-visual module-id="responses" visual="nps">
 *   <cx-filter key="Region" value="North"></cx-filter>
 *   <cx-filter key="Region" value="South"></cx-filter>
 *   <cx-filter key="ResponseDate" from="2026-01-01" to="2026-03-31"></cx-filter>
 * </cx-visual>
 * ```
 *
 * @tag cx-filter
 * @attr {string} key - The field to filter on, as the module's filters name it (e.g. "Region", "Channel", "ResponseDate").
 * @attr {string} field - The same as `key`, for React, where `key` is React's own.
 * @attr {string} value - The value to keep.
 * @attr {string} from - The start of a range (inclusive).
 * @attr {string} to - The end of a range (inclusive; a date means its whole day).
 */
export class CxFilter extends LitElement {
  static override properties = {
    key: { type: String, reflect: true },
    field: { type: String, reflect: true },
    value: { type: String, reflect: true },
    from: { type: String, reflect: true },
    to: { type: String, reflect: true },
  };

  static override styles = css`
    :host {
      display: none;
    }
  `;

  declare key?: string;
  declare field?: string;
  declare value?: string;
  declare from?: string;
  declare to?: string;

  protected override render() {
    return nothing;
  }
}

if (!customElements.get('cx-filter')) customElements.define('cx-filter', CxFilter);

declare global {
  interface HTMLElementTagNameMap {
    'cx-filter': CxFilter;
  }
}
