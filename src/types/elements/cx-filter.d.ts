// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A filter written as markup inside a tile (`cx-visual`): a partner configures what the tile shows without script. Several `cx-filter`s with the same key are ORed (any of the values), keys are ANDed; `from`/`to` give a range (dates as YYYY-MM-DD, or numbers). Adding, removing or changing one makes the tile query again. A filter on the module's date field replaces the filter bar's period for that tile.  ```html <cx-visual module-id="responses" visual="nps">   <cx-filter key="Region" value="North"></cx-filter>   <cx-filter key="Region" value="South"></cx-filter>   <cx-filter key="ResponseDate" from="2026-01-01" to="2026-03-31"></cx-filter> </cx-visual> ``` */
export interface CxFilterAttributes {
  /** The field to filter on, as the module's filters name it (e.g. "Region", "Channel", "ResponseDate"). */
  'key'?: string;
  /** The same as `key`, for React, where `key` is React's own. */
  'field'?: string;
  /** The value to keep. */
  'value'?: string;
  /** The start of a range (inclusive). */
  'from'?: string;
  /** The end of a range (inclusive; a date means its whole day). */
  'to'?: string;
}
