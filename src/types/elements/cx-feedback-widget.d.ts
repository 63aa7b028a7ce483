// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The feedback widget (spec part 2): a launcher and a panel that asks the signed-in user the portal's configured questions (NPS 0-10 or stars 1-5, then drivers, then free text with an optional callback request), posting each answer as it is given. Shown only when the config is enabled and the window is at least 1024 px wide; it opens by itself after 10 s unless the user opted out (for the configured days, on every device) or closed it in this tab. Escape closes it and focus returns to the launcher. Its calls fail silently. The host portal mounts it as a client plugin; any page can place it with one script tag. */
export interface CxFeedbackWidgetAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
