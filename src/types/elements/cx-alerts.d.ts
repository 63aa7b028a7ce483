// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The alerts page (/alerts, with the alerting feature): the user's alert subscriptions on the survey responses (NPS, average stars, detractors or a driver's negative share, under filters and the user's claims; below, above, a change against the previous seven days, or every new detractor; checked immediately, daily or weekly), with edit, pause, resume and delete. A firing arrives by e-mail and in the notification pop-up. */
export interface CxAlertsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
